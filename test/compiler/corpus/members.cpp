// Member functions: const and non-const methods, static members functions, this, chained calls,
// objects passed and returned by value and reference.
#include <stdio.h>

class Account {
 public:
  Account(int id, int balance) : id_(id), balance_(balance) {}
  int id() const { return id_; }
  int balance() const { return balance_; }
  Account& deposit(int amount) {
    balance_ += amount;
    return *this;
  }
  bool withdraw(int amount) {
    if (amount > balance_) return false;
    balance_ -= amount;
    return true;
  }
  static int fee(int amount) { return amount / 100 + 1; }
  void transferTo(Account& other, int amount) {
    if (withdraw(amount + fee(amount))) other.deposit(amount);
  }

 private:
  int id_;
  int balance_;
};

int richest(const Account* list, int n) {
  int best = 0;
  for (int i = 1; i < n; i++)
    if (list[i].balance() > list[best].balance()) best = i;
  return list[best].id();
}

Account opened(int id) { return Account(id, 0); }

int main() {
  Account a(1, 500);
  Account b(2, 100);
  a.deposit(50).deposit(25);
  printf("%d %d\n", a.balance(), b.balance());
  a.transferTo(b, 300);
  printf("%d %d %d\n", a.balance(), b.balance(), Account::fee(300));
  printf("%d\n", (int)b.withdraw(10000));
  Account list[3] = {a, b, opened(3)};
  list[2].deposit(1000);
  printf("%d\n", richest(list, 3));
  Account* p = &list[1];
  p->deposit(7);
  printf("%d\n", p->balance());
  return richest(list, 3);
}
