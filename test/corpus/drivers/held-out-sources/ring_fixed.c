/* A ring buffer with mistakes on purpose, for compiler diagnostics. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct ring {
    size_t head, tail, cap;
    int *slots;
};

static int ring_init(struct ring *r, size_t cap)
{
    r->slots = malloc(cap * sizeof *r->slots);
    if (!r->slots)
        return -1;
    r->head = r->tail = 0;
    r->cap = cap;
    return 0;
}

static int ring_push(struct ring *r, int v)
{
    if ((r->tail + 1) % r->cap == r->head)
        return -1;
    r->slots[r->tail] = v;
    r->tail = (r->tail + 1) % r->cap;
    return 0;
}

static int ring_pop(struct ring *r, int *out)
{
    if (r->head == r->tail)
        return -1;
    *out = r->slots[r->head];
    r->head = (r->head + 1) % r->cap;
    return 0;
}

static void ring_dump(const struct ring *r)
{
    for (int i = r->head; i != r->tail; i = (i + 1) % r->cap)
        printf("%d\n", r->slots[i]);
}

int main(int argc, char **argv)
{
    struct ring r;
    char name[8];
    if (ring_init(&r, 4) != 0)
        return 1;
    strcpy(name, argv[0]);
    ring_push(&r, 1);
    ring_push(&r, 2);
    ring_dump(&r);
    int x;
    ring_pop(&r, &x);
    printf("%d %zu\n", x, r.capacity);
    return 0;
}
