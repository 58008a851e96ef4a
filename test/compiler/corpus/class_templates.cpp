// Class templates with methods using the parameters, a template with a class parameter, partial
// specialisation, nested template instances, templates with constructors and destructors.
#include <stdio.h>

template <typename T>
struct Pair {
  T first;
  T second;
  Pair() : first(0), second(0) {}
  Pair(T a, T b) : first(a), second(b) {}
  T larger() const { return first > second ? first : second; }
  Pair<T> swapped() const { return Pair<T>(second, first); }
};

template <typename T, int N>
struct Stack {
  T data[N];
  int top;
  Stack() : top(0) {}
  bool push(const T& v) {
    if (top == N) return false;
    data[top++] = v;
    return true;
  }
  T pop() { return data[--top]; }
  bool empty() const { return top == 0; }
};

template <typename T>
struct Traits {
  static int bits() { return 8 * sizeof(T); }
};

template <typename T>
struct Traits<T*> {
  static int bits() { return -1; }
};

template <typename T>
struct Logged {
  T value;
  Logged(T v) : value(v) { printf("hold %d\n", (int)value); }
  ~Logged() { printf("release %d\n", (int)value); }
};

int main() {
  Pair<int> p(3, 8);
  Pair<int> q = p.swapped();
  printf("%d %d %d\n", p.larger(), q.first, q.second);
  Pair<float> pf(2.5f, -1.0f);
  printf("%f\n", pf.larger());
  Stack<Pair<int>, 3> st;
  for (int i = 0; i < 5; i++) printf("%d", (int)st.push(Pair<int>(i, i * i)));
  printf("\n");
  while (!st.empty()) {
    Pair<int> top = st.pop();
    printf("(%d,%d) ", top.first, top.second);
  }
  printf("\n%d %d %d\n", Traits<char>::bits(), Traits<long long>::bits(), Traits<int*>::bits());
  {
    Logged<short> a(7);
    Logged<int> b(9);
  }
  return p.larger();
}
