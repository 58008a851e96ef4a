// Static locals with destructors: built the first time control passes the declaration, destroyed
// after main in reverse order of construction, interleaved with the globals built before main; a
// static reference bound to a temporary gives the temporary static storage.
#include <stdio.h>

struct Noisy {
  int id;
  explicit Noisy(int i) : id(i) { printf("Noisy(%d)\n", id); }
  Noisy(const Noisy& o) : id(o.id + 1000) { printf("Noisy copy(%d)\n", id); }
  ~Noisy() { printf("~Noisy(%d)\n", id); }
};

struct Members {            // no user destructor, but a member with one
  Noisy inner{50};
  int extra = 7;
};

Noisy globalA(1);

Noisy& lazy() {
  static Noisy instance(10);
  return instance;
}

int counter() {
  static Noisy first(20);
  static Noisy second(first.id + 1);
  static int calls = 0;
  return ++calls + second.id;
}

const Noisy& temporary() {
  static const Noisy& bound = Noisy(30);
  return bound;
}

int fromConversion() {
  static const double& d = 3;
  static const long long& ll = counter();
  return (int)(d * 10) + (int)ll;
}

Members& members() {
  static Members m;
  return m;
}

Noisy globalB(2);

void arrays() {
  static Noisy trio[3] = {Noisy(40), Noisy(41), Noisy(42)};
  printf("trio %d %d %d\n", trio[0].id, trio[1].id, trio[2].id);
}

int main() {
  printf("main starts\n");
  printf("counter %d\n", counter());
  printf("lazy %d\n", lazy().id);
  printf("lazy again %d\n", lazy().id);
  printf("counter %d\n", counter());
  printf("temporary %d\n", temporary().id);
  printf("fromConversion %d\n", fromConversion());
  printf("members %d %d\n", members().inner.id, members().extra);
  arrays();
  arrays();
  printf("main ends\n");
  return 0;
}
