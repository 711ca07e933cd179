// Habit: Dijkstra on the reversed graph, then A* with std::priority_queue popping T in walk-length order (a vertex popped K times is not expanded again); right, but an input built against A* makes it slow. Must get: official all AC; beyond not all AC (the adversarial cycle: about 1.5 GB of open list, MLE, and slow).
#include <cstdio>
#include <cstring>
#include <queue>
#include <vector>
using namespace std;

const int INF = 0x3f3f3f3f;
int n, m;
vector<pair<int, int> > adj[1005], radj[1005];
int h[1005], popped[1005];

int main() {
    scanf("%d %d", &n, &m);
    for (int i = 0; i < m; i++) {
        int a, b, t;
        scanf("%d %d %d", &a, &b, &t);
        adj[a].push_back(make_pair(b, t));
        radj[b].push_back(make_pair(a, t));
    }
    int s, t, k;
    scanf("%d %d %d", &s, &t, &k);
    if (s == t) k++;  // the empty walk is popped first and does not count
    memset(h, 0x3f, sizeof h);
    priority_queue<pair<int, int>, vector<pair<int, int> >, greater<pair<int, int> > > pq;
    h[t] = 0;
    pq.push(make_pair(0, t));
    while (!pq.empty()) {
        int d = pq.top().first, u = pq.top().second;
        pq.pop();
        if (d > h[u]) continue;
        for (size_t i = 0; i < radj[u].size(); i++) {
            int v = radj[u][i].first, w = radj[u][i].second;
            if (h[v] > d + w) {
                h[v] = d + w;
                pq.push(make_pair(h[v], v));
            }
        }
    }
    if (h[s] == INF) {
        puts("-1");
        return 0;
    }
    // (g + h, g, vertex)
    priority_queue<pair<int, pair<int, int> >, vector<pair<int, pair<int, int> > >, greater<pair<int, pair<int, int> > > > open;
    open.push(make_pair(h[s], make_pair(0, s)));
    while (!open.empty()) {
        pair<int, pair<int, int> > top = open.top();
        open.pop();
        int g = top.second.first, u = top.second.second;
        if (++popped[u] > k) continue;
        if (u == t && popped[u] == k) {
            printf("%d\n", g);
            return 0;
        }
        for (size_t i = 0; i < adj[u].size(); i++) {
            int v = adj[u][i].first, w = adj[u][i].second;
            if (h[v] != INF) open.push(make_pair(g + w + h[v], make_pair(g + w, v)));
        }
    }
    puts("-1");
    return 0;
}
