#pragma once
#include <stddef.h>
extern "C" {
void* malloc(size_t size);
void free(void* ptr);
void* calloc(size_t count, size_t size);
void* realloc(void* ptr, size_t size);
void abort();
int abs(int value);
}
