#include <stdio.h>

template <typename T> struct Holder {
  static T value;
  static int count;
  static T twice() { return value + value; }
};
template <typename T> T Holder<T>::value = T(3);
template <typename T> int Holder<T>::count = sizeof(T) * 10;

template <> int Holder<long>::count = 99;
template <> long Holder<long>::value = 12;

template <int N> struct Square {
  static int v;
};
template <int N> int Square<N>::v = N * N;

int main() {
  Holder<int>::value += 4;
  Holder<float>::value *= 1.5f;
  printf("%d %.1f\n", Holder<int>::value, (double)Holder<float>::value);
  printf("%d %d %d\n", Holder<int>::count, Holder<char>::count, Holder<int>::twice());
  Square<3>::v += 1;
  printf("%d %d\n", Square<3>::v, Square<5>::v);
  printf("%ld %d %d\n", Holder<long>::value, Holder<long>::count, Holder<short>::count);
  return Holder<int>::value;
}
