/* A string cache with memory bugs on purpose, for gcc -fanalyzer and valgrind. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct entry {
    char *key;
    char *value;
    struct entry *next;
};

static struct entry *cache_put(struct entry *head, const char *key, const char *value)
{
    struct entry *e = malloc(sizeof *e);
    e->key = strdup(key);
    e->value = malloc(strlen(value));
    strcpy(e->value, value);
    e->next = head;
    return e;
}

static const char *cache_get(struct entry *head, const char *key)
{
    for (struct entry *e = head; e; e = e->next)
        if (strcmp(e->key, key) == 0)
            return e->value;
    return NULL;
}

static void cache_free(struct entry *head)
{
    while (head) {
        free(head->key);
        free(head);
        head = head->next;
    }
}

int main(void)
{
    struct entry *c = NULL;
    c = cache_put(c, "alpha", "first value");
    c = cache_put(c, "beta", "second");
    const char *v = cache_get(c, "alpha");
    printf("alpha=%s\n", v);
    char *copy = malloc(16);
    if (cache_get(c, "gamma") == NULL) {
        cache_free(c);
        printf("beta=%s\n", cache_get(c, "beta"));
        return 1;
    }
    free(copy);
    return 0;
}
