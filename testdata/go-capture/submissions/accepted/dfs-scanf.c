/* Habit: scanf("%s") rows, recursive DFS that marks a group and counts its liberties with a visited array reset per group, capture before suicide. Must get: official all AC; go-capture's format is the project's own and has no beyond group, so accepted. */
#include <stdio.h>
#include <string.h>

char b[9][16];
int vis[9][9], lib[9][9], libs;
int dy[4] = {-1, 1, 0, 0}, dx[4] = {0, 0, -1, 1};

void dfs(int y, int x, char col) {
    int d;
    vis[y][x] = 1;
    for (d = 0; d < 4; d++) {
        int ny = y + dy[d], nx = x + dx[d];
        if (ny < 0 || ny > 8 || nx < 0 || nx > 8) continue;
        if (b[ny][nx] == '.' && !lib[ny][nx]) { lib[ny][nx] = 1; libs++; }
        else if (b[ny][nx] == col && !vis[ny][nx]) dfs(ny, nx, col);
    }
}
int group_libs(int y, int x) {
    memset(vis, 0, sizeof vis);
    memset(lib, 0, sizeof lib);
    libs = 0;
    dfs(y, x, b[y][x]);
    return libs;
}

int main(void) {
    int i, r, c, d;
    char col[4];
    for (i = 0; i < 9; i++) scanf("%s", b[i]);
    scanf("%d %d %s", &r, &c, col);
    b[r][c] = col[0];
    char other = col[0] == 'X' ? 'O' : 'X';
    for (d = 0; d < 4; d++) {
        int ny = r + dy[d], nx = c + dx[d];
        if (ny < 0 || ny > 8 || nx < 0 || nx > 8) continue;
        if (b[ny][nx] == other && group_libs(ny, nx) == 0) { printf("K.O.\n"); return 0; }
    }
    printf(group_libs(r, c) == 0 ? "Suicide\n" : "Safe\n");
    return 0;
}
