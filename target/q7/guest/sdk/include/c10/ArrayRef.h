#pragma once
#include <stddef.h>
#include <stdint.h>
#include <initializer_list>
namespace c10 {
// A borrowed view of a contiguous array (pointer + length); the owner must outlive it.
template <typename T>
class ArrayRef {
 public:
  ArrayRef() : data_(nullptr), length_(0) {}
  ArrayRef(const T* data, size_t length) : data_(data), length_(length) {}
  ArrayRef(const std::initializer_list<T>& list) : data_(list.begin()), length_(list.size()) {}
  const T* data() const { return data_; }
  size_t size() const { return length_; }
  bool empty() const { return length_ == 0; }
  const T& operator[](size_t i) const { return data_[i]; }
  const T* begin() const { return data_; }
  const T* end() const { return data_ + length_; }
  const T& front() const { return data_[0]; }
  const T& back() const { return data_[length_ - 1]; }
  // The same length and equal elements (what == and != compare, e.g. t1.sizes() == t2.sizes()).
  bool equals(ArrayRef other) const {
    if (length_ != other.length_) return false;
    for (size_t i = 0; i < length_; i++) {
      if (!(data_[i] == other.data_[i])) return false;
    }
    return true;
  }

 private:
  const T* data_;
  size_t length_;
};
template <typename T>
bool operator==(ArrayRef<T> a, ArrayRef<T> b) { return a.equals(b); }
template <typename T>
bool operator!=(ArrayRef<T> a, ArrayRef<T> b) { return !a.equals(b); }
typedef ArrayRef<int64_t> IntArrayRef;
}
