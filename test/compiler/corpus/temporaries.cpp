// Temporaries: destroyed at the end of the full-expression, kept alive by a reference, passed by
// value (the caller's copy destroyed after the call), returned by value.
#include <stdio.h>

struct Val {
  int v;
  Val(int x) : v(x) { printf("make %d\n", v); }
  Val(const Val& o) : v(o.v + 1000) { printf("copy %d\n", v); }
  ~Val() { printf("drop %d\n", v); }
  int get() const { return v; }
};

Val make(int x) { return Val(x); }

int take(Val v) { return v.v * 2; }

Val named(int x) {
  Val v{x};
  v.v += 1;
  if (x > 100) return v;
  v.v += 1;
  return v;
}

int peek(const Val& v) { return v.v + 1; }

int main() {
  printf("sum %d\n", make(1).get() + make(2).get());
  printf("take %d\n", take(Val(3)));
  printf("peek %d\n", peek(Val(4)));
  const Val& kept = make(5);
  printf("kept %d\n", kept.get());
  Val local(6);
  printf("take local %d\n", take(local));
  Val copied = local;
  printf("copied %d\n", copied.v);
  Val n = named(7);
  printf("named %d\n", n.get());
  printf("end\n");
  return 0;
}
