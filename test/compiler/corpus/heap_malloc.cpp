// The C heap: malloc/free/calloc/realloc, alignment, reuse and coalescing (only what any allocator
// must do is printed).
#include <stdio.h>
#include <stdlib.h>

struct Node {
  int value;
  Node* next;
};

static int aligned8(void* p) { return ((unsigned long)p & 7) == 0; }

static Node* push(Node* head, int v) {
  Node* n = (Node*)malloc(sizeof(Node));
  n->value = v;
  n->next = head;
  return n;
}

int main() {
  Node* list = nullptr;
  for (int i = 1; i <= 100; i++) list = push(list, i * 3);
  long sum = 0;
  int count = 0;
  while (list != nullptr) {
    Node* next = list->next;
    sum += list->value;
    count++;
    free(list);
    list = next;
  }
  printf("list %d %ld\n", count, sum);

  double* ds = (double*)malloc(10 * sizeof(double));
  long long* ls = (long long*)malloc(7 * sizeof(long long));
  char* c = (char*)malloc(3);
  printf("non-null %d %d %d\n", ds != nullptr, ls != nullptr, c != nullptr);
  printf("aligned %d %d %d\n", aligned8(ds), aligned8(ls), aligned8(c));
  double dsum = 0;
  for (int i = 0; i < 10; i++) ds[i] = i * 0.5;
  for (int i = 0; i < 10; i++) dsum += ds[i];
  long long lsum = 0;
  for (int i = 0; i < 7; i++) ls[i] = (long long)i << 33;
  for (int i = 0; i < 7; i++) lsum += ls[i];
  printf("sums %.2f %lld\n", dsum, lsum);

  int* zeros = (int*)calloc(50, sizeof(int));
  int zsum = 0;
  for (int i = 0; i < 50; i++) zsum += zeros[i];
  printf("calloc %d\n", zsum);

  int* grow = (int*)malloc(4 * sizeof(int));
  for (int i = 0; i < 4; i++) grow[i] = i + 1;
  grow = (int*)realloc(grow, 400 * sizeof(int));
  for (int i = 4; i < 400; i++) grow[i] = i + 1;
  long gsum = 0;
  for (int i = 0; i < 400; i++) gsum += grow[i];
  printf("realloc %ld %d\n", gsum, aligned8(grow));

  int* fresh = (int*)realloc(nullptr, 8 * sizeof(int));
  printf("realloc-null %d\n", fresh != nullptr);

  free(nullptr);
  free(ds);
  free(ls);
  free(c);
  free(zeros);
  free(grow);
  free(fresh);

  void* a = malloc(0);
  void* b = malloc(0);
  printf("zero %d\n", a == nullptr || a != b);
  free(a);
  free(b);

  char* big[8];
  for (int i = 0; i < 8; i++) {
    big[i] = (char*)malloc(1000 + i);
    for (int k = 0; k < 1000 + i; k++) big[i][k] = (char)((i + k) & 0x7f);
  }
  long bsum = 0;
  for (int i = 0; i < 8; i++)
    for (int k = 0; k < 1000 + i; k++) bsum += big[i][k];
  for (int i = 0; i < 8; i += 2) free(big[i]);
  for (int i = 1; i < 8; i += 2) free(big[i]);
  char* whole = (char*)malloc(7000);
  printf("big %ld %d\n", bsum, whole != nullptr);
  free(whole);
  return 0;
}
