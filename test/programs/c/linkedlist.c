/* Heap data structures via malloc/free: a linked list (build, reverse, remove) and a binary tree. */
#include <stdio.h>
#include <stdlib.h>

struct node { int value; struct node *next; };
struct tree { int key; struct tree *left, *right; };

static struct node *push(struct node *head, int v)
{
    struct node *n = malloc(sizeof *n);
    n->value = v;
    n->next = head;
    return n;
}

static struct node *reverse(struct node *head)
{
    struct node *prev = NULL;
    while (head) {
        struct node *next = head->next;
        head->next = prev;
        prev = head;
        head = next;
    }
    return prev;
}

static struct node *remove_multiples(struct node *head, int k)
{
    struct node **pp = &head;
    while (*pp) {
        if ((*pp)->value % k == 0) {
            struct node *dead = *pp;
            *pp = dead->next;
            free(dead);
        } else {
            pp = &(*pp)->next;
        }
    }
    return head;
}

static struct tree *insert(struct tree *t, int key)
{
    if (!t) {
        t = calloc(1, sizeof *t);
        t->key = key;
        return t;
    }
    if (key < t->key)
        t->left = insert(t->left, key);
    else if (key > t->key)
        t->right = insert(t->right, key);
    return t;
}

static int height(const struct tree *t)
{
    if (!t)
        return 0;
    int l = height(t->left), r = height(t->right);
    return 1 + (l > r ? l : r);
}

static void in_order(const struct tree *t, int *out, int *n)
{
    if (!t)
        return;
    in_order(t->left, out, n);
    out[(*n)++] = t->key;
    in_order(t->right, out, n);
}

static void free_tree(struct tree *t)
{
    if (!t)
        return;
    free_tree(t->left);
    free_tree(t->right);
    free(t);
}

int main(void)
{
    struct node *list = NULL;
    for (int i = 1; i <= 30; i++)
        list = push(list, i * i % 37);
    list = reverse(list);
    list = remove_multiples(list, 3);
    int count = 0, sum = 0;
    printf("list:");
    for (struct node *n = list; n; n = n->next) {
        printf(" %d", n->value);
        count++;
        sum += n->value;
    }
    printf("\ncount=%d sum=%d\n", count, sum);
    while (list) {
        struct node *next = list->next;
        free(list);
        list = next;
    }
    struct tree *root = NULL;
    unsigned x = 7;
    for (int i = 0; i < 100; i++) {
        x = x * 1664525u + 1013904223u;
        root = insert(root, (int)(x >> 20) % 500);
    }
    static int keys[128];
    int nkeys = 0;
    in_order(root, keys, &nkeys);
    int h = height(root);
    printf("tree keys=%d height=%d min=%d max=%d mid=%d\n", nkeys, h, keys[0], keys[nkeys - 1], keys[nkeys / 2]);
    free_tree(root);
    return count + h;
}
