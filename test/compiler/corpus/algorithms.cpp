// Classic algorithms: insertion sort, binary search, gcd/lcm, primes by sieve, a Collatz record.
#include <stdio.h>
#include <stdint.h>

void insertionSort(int* a, int n) {
  for (int i = 1; i < n; i++) {
    int key = a[i];
    int j = i - 1;
    while (j >= 0 && a[j] > key) {
      a[j + 1] = a[j];
      j--;
    }
    a[j + 1] = key;
  }
}

int binarySearch(const int* a, int n, int key) {
  int lo = 0;
  int hi = n - 1;
  while (lo <= hi) {
    int mid = lo + (hi - lo) / 2;
    if (a[mid] == key) return mid;
    if (a[mid] < key) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}

uint32_t gcd(uint32_t a, uint32_t b) {
  while (b != 0) {
    uint32_t t = a % b;
    a = b;
    b = t;
  }
  return a;
}

int collatzLength(uint64_t n) {
  int steps = 0;
  while (n != 1) {
    n = (n & 1) ? 3 * n + 1 : n / 2;
    steps++;
  }
  return steps;
}

int main() {
  int data[12] = {42, -7, 19, 0, 88, 3, 3, -50, 61, 7, 100, 12};
  insertionSort(data, 12);
  for (int i = 0; i < 12; i++) printf("%d ", data[i]);
  printf("\n%d %d %d\n", binarySearch(data, 12, 61), binarySearch(data, 12, -50), binarySearch(data, 12, 5));
  printf("%u %u %u\n", gcd(1071, 462), gcd(17, 5), gcd(1u << 20, 1u << 12) * 3);
  bool composite[200] = {false};
  int count = 0;
  for (int i = 2; i < 200; i++) {
    if (composite[i]) continue;
    count++;
    for (int j = i * i; j < 200; j += i) composite[j] = true;
  }
  printf("primes %d\n", count);
  int best = 0;
  int bestN = 0;
  for (int n = 1; n < 300; n++) {
    int l = collatzLength(n);
    if (l > best) {
      best = l;
      bestN = n;
    }
  }
  printf("collatz %d %d\n", bestN, best);
  return count;
}
