// Templates: function templates deduced and explicit, class templates, non-type parameters.
#include <stdio.h>
#include <stdint.h>

template <typename T>
T maxOf(T a, T b) {
  return a > b ? a : b;
}

template <typename T, int N>
struct Buffer {
  T items[N];
  int count;
  Buffer() : count(0) {}
  void push(T v) {
    if (count < N) {
      items[count] = v;
      count++;
    }
  }
  T sum() const {
    T s = 0;
    for (int i = 0; i < count; i++) s += items[i];
    return s;
  }
  int capacity() const { return N; }
};

template <typename T>
T square(T v) {
  return v * v;
}

template <int K>
int scaled(int v) {
  return v * K;
}

int main() {
  printf("%d %u %lld\n", maxOf(3, 9), maxOf(7u, 2u), maxOf<int64_t>(-5, -9));
  printf("%f\n", maxOf(1.5f, -2.5f));
  Buffer<int, 4> bi;
  for (int i = 1; i <= 6; i++) bi.push(i * 10);
  printf("%d %d %d\n", bi.sum(), bi.count, bi.capacity());
  Buffer<float, 3> bf;
  bf.push(0.5f);
  bf.push(0.25f);
  printf("%f %d\n", bf.sum(), bf.capacity());
  Buffer<int16_t, 8> bs;
  bs.push(30000);
  bs.push(30000);
  printf("%d\n", bs.sum());
  printf("%d %d %f\n", square(7), scaled<3>(5), square(1.5f));
  return bi.sum() % 256;
}
