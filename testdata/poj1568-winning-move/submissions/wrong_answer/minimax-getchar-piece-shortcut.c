/* Habit: %c/getchar reader that expects "?\n" and four lines of exactly four characters; "4 pieces or fewer: no forced win" shortcut; plain minimax over bitmasks with cut-offs. Must get: official all AC; beyond not all AC (CR LF, blank lines, spaces around rows). */
#include <stdio.h>

int lines[10];
int full = 0xFFFF;

int has_line(int m) {
    int i;
    for (i = 0; i < 10; i++) if ((m & lines[i]) == lines[i]) return 1;
    return 0;
}
int x_wins(int x, int o);
/* o to move: 1 if o can avoid losing */
int o_escapes(int x, int o) {
    int c;
    if ((x | o) == full) return 1;
    for (c = 0; c < 16; c++) {
        int b = 1 << c;
        if ((x | o) & b) continue;
        if (has_line(o | b)) return 1;
        if (!x_wins(x, o | b)) return 1;
    }
    return 0;
}
int x_wins(int x, int o) {
    int c;
    for (c = 0; c < 16; c++) {
        int b = 1 << c;
        if ((x | o) & b) continue;
        if (has_line(x | b)) return 1;
    }
    for (c = 0; c < 16; c++) {
        int b = 1 << c;
        if ((x | o) & b) continue;
        if (!o_escapes(x | b, o)) return 1;
    }
    return 0;
}

int main(void) {
    int r, c, k = 0;
    for (r = 0; r < 4; r++) {
        lines[k] = lines[k + 1] = 0;
        for (c = 0; c < 4; c++) { lines[k] |= 1 << (r * 4 + c); lines[k + 1] |= 1 << (c * 4 + r); }
        k += 2;
    }
    lines[8] = (1 << 0) | (1 << 5) | (1 << 10) | (1 << 15);
    lines[9] = (1 << 3) | (1 << 6) | (1 << 9) | (1 << 12);
    char ch;
    while (scanf("%c", &ch) == 1 && ch == '?') {
        getchar(); /* the newline after '?' */
        int x = 0, o = 0, pieces = 0;
        for (r = 0; r < 4; r++) {
            for (c = 0; c < 4; c++) {
                scanf("%c", &ch);
                if (ch == 'x') x |= 1 << (r * 4 + c), pieces++;
                if (ch == 'o') o |= 1 << (r * 4 + c), pieces++;
            }
            getchar();
        }
        int found = -1;
        if (pieces > 4) {
            for (c = 0; c < 16 && found < 0; c++) {
                int b = 1 << c;
                if ((x | o) & b) continue;
                if (has_line(x | b) || !o_escapes(x | b, o)) found = c;
            }
        }
        if (found < 0) printf("#####\n");
        else printf("(%d,%d)\n", found / 4, found % 4);
    }
    return 0;
}
