// References: parameters, return values, aliases, const references to temporaries.
#include <stdio.h>

void swap(int& a, int& b) {
  int t = a;
  a = b;
  b = t;
}

int& pick(int* arr, int i) { return arr[i]; }

int twice(const int& v) { return v * 2; }

struct Box {
  int value;
};

int& valueOf(Box& b) { return b.value; }

int main() {
  int x = 1;
  int y = 2;
  swap(x, y);
  printf("%d %d\n", x, y);
  int arr[4] = {5, 6, 7, 8};
  pick(arr, 2) = 70;
  pick(arr, 0) += 50;
  printf("%d %d %d\n", arr[0], arr[2], pick(arr, 3));
  int& alias = arr[1];
  alias = 60;
  printf("%d\n", arr[1]);
  printf("%d %d\n", twice(21), twice(x + y));
  const int& tmp = x * 100;
  printf("%d\n", tmp);
  Box box = {3};
  valueOf(box) = 33;
  int& r = valueOf(box);
  r++;
  printf("%d\n", box.value);
  const Box& cb = box;
  printf("%d\n", cb.value);
  return arr[0];
}
