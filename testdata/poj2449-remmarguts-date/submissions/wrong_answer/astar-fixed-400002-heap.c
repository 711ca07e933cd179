/* Habit: SPFA on the reversed graph, then A* with a hand-written binary heap in a FIXED array of 400,002 entries and no per-vertex pop limit; pushes past the array's end are lost (the original wrote past its array; here they are dropped, so the fault is deterministic). Must get: some official case not AC: official/03-densest (the densest input the constraints allow) fills the heap, the lost pushes cut the walks to T and the search runs out of time (TLE; the original answered wrong there). */
#include <stdio.h>
#include <string.h>

#define MAXN 1005
#define MAXM 100005
#define MAXH 400002
int head[MAXN], nxt[MAXM], to[MAXM], len[MAXM], rhead[MAXN], rnxt[MAXM], rto[MAXM];
int h[MAXN], inq[MAXN], q[MAXN];
int hf[MAXH], hg[MAXH], hv[MAXH], hn;

void push(int f, int g, int v) {
    if (hn >= MAXH) return; /* the original wrote past its array here */
    int i = hn++;
    while (i > 0 && hf[(i - 1) / 2] > f) {
        int p = (i - 1) / 2;
        hf[i] = hf[p]; hg[i] = hg[p]; hv[i] = hv[p];
        i = p;
    }
    hf[i] = f; hg[i] = g; hv[i] = v;
}
void pop(int *g, int *v) {
    *g = hg[0]; *v = hv[0];
    hn--;
    int f = hf[hn], gg = hg[hn], vv = hv[hn], i = 0;
    while (2 * i + 1 < hn) {
        int c = 2 * i + 1;
        if (c + 1 < hn && hf[c + 1] < hf[c]) c++;
        if (hf[c] >= f) break;
        hf[i] = hf[c]; hg[i] = hg[c]; hv[i] = hv[c];
        i = c;
    }
    hf[i] = f; hg[i] = gg; hv[i] = vv;
}

int main(void) {
    int n, m, i, s, t, k;
    scanf("%d %d", &n, &m);
    memset(head, -1, sizeof head);
    memset(rhead, -1, sizeof rhead);
    for (i = 0; i < m; i++) {
        int a, b, c;
        scanf("%d %d %d", &a, &b, &c);
        to[i] = b; len[i] = c; nxt[i] = head[a]; head[a] = i;
        rto[i] = a; rnxt[i] = rhead[b]; rhead[b] = i;
    }
    scanf("%d %d %d", &s, &t, &k);
    if (s == t) k++;
    /* SPFA from t on the reversed edges, circular queue */
    memset(h, 0x3f, sizeof h);
    int qh = 0, qt = 0;
    h[t] = 0; q[qt++] = t; inq[t] = 1;
    while (qh != qt) {
        int u = q[qh++];
        if (qh == MAXN) qh = 0;
        inq[u] = 0;
        for (i = rhead[u]; i != -1; i = rnxt[i])
            if (h[rto[i]] > h[u] + len[i]) {
                h[rto[i]] = h[u] + len[i];
                if (!inq[rto[i]]) { inq[rto[i]] = 1; q[qt++] = rto[i]; if (qt == MAXN) qt = 0; }
            }
    }
    if (h[s] == 0x3f3f3f3f) { printf("-1\n"); return 0; }
    int cnt = 0;
    push(h[s], 0, s);
    while (hn) {
        int g, u;
        pop(&g, &u);
        if (u == t && ++cnt == k) { printf("%d\n", g); return 0; }
        for (i = head[u]; i != -1; i = nxt[i])
            if (h[to[i]] != 0x3f3f3f3f) push(g + len[i] + h[to[i]], g + len[i], to[i]);
    }
    printf("-1\n");
    return 0;
}
