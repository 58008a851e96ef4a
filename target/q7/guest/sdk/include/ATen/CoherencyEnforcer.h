#pragma once
#include <stdio.h>
#include <neuron/runtime.h>
namespace at {
// Per-tensor bookkeeping of open accessors (16 bytes). Safe mixes: many readers, or one writer alone;
// stream and standard accessors never together.
class CoherencyEnforcer {
 public:
  enum Policy { COHERENT = 0, INCOHERENT_VERBOSE = 1, INCOHERENT_QUIET = 2 };

  CoherencyEnforcer() : buffered_readers_(0), buffered_writers_(0), unbuffered_accessors_(0), policy_(COHERENT) {}

  void acquire_buffered_reader() {
    if (buffered_writers_ > 0 || unbuffered_accessors_ > 0) conflict("buffered reader opened while a writer or a standard accessor is open");
    buffered_readers_++;
  }
  void release_buffered_reader() { buffered_readers_--; }
  void acquire_buffered_writer() {
    if (buffered_readers_ > 0 || buffered_writers_ > 0 || unbuffered_accessors_ > 0) conflict("buffered writer opened while another accessor is open");
    buffered_writers_++;
  }
  void release_buffered_writer() { buffered_writers_--; }
  void acquire_unbuffered_accessor() {
    if (buffered_readers_ > 0 || buffered_writers_ > 0) conflict("standard accessor opened while a stream accessor is open");
    unbuffered_accessors_++;
  }
  void release_unbuffered_accessor() { unbuffered_accessors_--; }

  Policy get_policy() const { return policy_; }
  void set_policy(Policy policy) { policy_ = policy; }

 private:
  void conflict(const char* what) {
    if (policy_ == COHERENT) neuron_coherency_violation(what, this, true);
    else if (policy_ == INCOHERENT_VERBOSE) neuron_coherency_violation(what, this, false);
  }

  int buffered_readers_;
  int buffered_writers_;
  int unbuffered_accessors_;
  Policy policy_;
};
}
