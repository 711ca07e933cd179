// Habit: checks the placed stone's own liberties first and calls it suicide before looking for a capture (the trap the statement warns about). Must get: some official case not AC (the sample and suicide-but-captures: a stone that fills its own last liberty while taking the last liberty of an opponent group captures).
#include <iostream>
#include <string>
using namespace std;

string b[9];
bool vis[9][9], lib[9][9];

int libs(int y, int x) {
    for (auto& row : vis) fill(row, row + 9, false);
    for (auto& row : lib) fill(row, row + 9, false);
    int n = 0, stack[81][2], top = 0;
    char col = b[y][x];
    vis[y][x] = true;
    stack[top][0] = y, stack[top][1] = x, top++;
    while (top) {
        top--;
        int cy = stack[top][0], cx = stack[top][1];
        const int dy[4] = {-1, 1, 0, 0}, dx[4] = {0, 0, -1, 1};
        for (int d = 0; d < 4; d++) {
            int ny = cy + dy[d], nx = cx + dx[d];
            if (ny < 0 || ny > 8 || nx < 0 || nx > 8) continue;
            if (b[ny][nx] == '.' && !lib[ny][nx]) lib[ny][nx] = true, n++;
            if (b[ny][nx] == col && !vis[ny][nx]) {
                vis[ny][nx] = true;
                stack[top][0] = ny, stack[top][1] = nx, top++;
            }
        }
    }
    return n;
}

int main() {
    for (auto& row : b) cin >> row;
    int r, c;
    string col;
    cin >> r >> c >> col;
    b[r][c] = col[0];
    if (libs(r, c) == 0) {
        cout << "Suicide\n";
        return 0;
    }
    char other = col[0] == 'X' ? 'O' : 'X';
    const int dy[4] = {-1, 1, 0, 0}, dx[4] = {0, 0, -1, 1};
    for (int d = 0; d < 4; d++) {
        int ny = r + dy[d], nx = c + dx[d];
        if (ny >= 0 && ny < 9 && nx >= 0 && nx < 9 && b[ny][nx] == other && libs(ny, nx) == 0) {
            cout << "K.O.\n";
            return 0;
        }
    }
    cout << "Safe\n";
    return 0;
}
