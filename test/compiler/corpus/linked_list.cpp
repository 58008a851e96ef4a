// Linked structures built in arrays: a singly linked list with insertion and reversal, and a
// binary search tree with recursive traversal.
#include <stdio.h>

struct Node {
  int value;
  Node* next;
};

struct Tree {
  int key;
  Tree* left;
  Tree* right;
};

Node pool[16];
int used = 0;

Node* push(Node* head, int v) {
  Node* n = &pool[used++];
  n->value = v;
  n->next = head;
  return n;
}

Node* reverse(Node* head) {
  Node* prev = 0;
  while (head) {
    Node* next = head->next;
    head->next = prev;
    prev = head;
    head = next;
  }
  return prev;
}

Tree trees[16];
int treeCount = 0;

Tree* insert(Tree* root, int key) {
  if (!root) {
    Tree* t = &trees[treeCount++];
    t->key = key;
    t->left = 0;
    t->right = 0;
    return t;
  }
  if (key < root->key) root->left = insert(root->left, key);
  else root->right = insert(root->right, key);
  return root;
}

void inorder(const Tree* t) {
  if (!t) return;
  inorder(t->left);
  printf("%d ", t->key);
  inorder(t->right);
}

int height(const Tree* t) {
  if (!t) return 0;
  int l = height(t->left);
  int r = height(t->right);
  return 1 + (l > r ? l : r);
}

int main() {
  Node* list = 0;
  for (int i = 1; i <= 6; i++) list = push(list, i * i);
  for (Node* p = list; p; p = p->next) printf("%d ", p->value);
  printf("\n");
  list = reverse(list);
  for (Node* p = list; p; p = p->next) printf("%d ", p->value);
  printf("\n");
  Tree* root = 0;
  int keys[10] = {50, 30, 70, 20, 40, 60, 80, 35, 45, 65};
  for (int i = 0; i < 10; i++) root = insert(root, keys[i]);
  inorder(root);
  printf("\nheight %d\n", height(root));
  return height(root);
}
