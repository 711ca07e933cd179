// Output validator of Gomoku's tactical testdata: accepts a board's move iff it is one of its right moves.
//
// Usage:  validate INPUT ANSWER FEEDBACK_DIR [official] < OUTPUT   (the ICPC problem package format's
//         output validator interface; no flag is `official`, the only mode)
//         The default validator's `case_sensitive` and `space_change_sensitive` may come too, in any
//         order (BAPCtools passes both when it checks an answer file with this validator): ignored.
// Exit:   42 accepted; 43 wrong answer; anything else (1) a judge error: bad testdata or usage.
// Note:   a rejection's reason, one line, goes to FEEDBACK_DIR/judgemessage.txt (created or overwritten):
//         the first wrong board and why. A judge error's goes there too, and to stderr. Nothing is written
//         to stdout.
// Rule:   INPUT holds the boards (an optional first line `rule N`, then 15 lines of `.xo` each, blank lines
//         between); only their number counts
//         here: its non-blank lines / 15. ANSWER has one non-blank line per board, every right move `X,Y`
//         of that board, separated by whitespace. The OUTPUT's non-blank lines, each trimmed, are the
//         moves, the k-th for board k: each must be `X,Y` (one or two decimal digits each, no spaces; an
//         off-board move parses, and is then simply not a right move) and one of board k's right moves.
//         A malformed line, a wrong move, a missing move or more moves than boards: wrong answer, the
//         first wrong board named. A bad answer move or an answer line count other than the boards': a
//         judge error. Blank lines anywhere and CR LF are ignored.
// Text:   the files are read as UTF-8 with each invalid sequence shown as U+FFFD; whitespace is Unicode's
//         (U+00A0 and U+3000 too, as the checker this replaces read it); notes show strings quoted,
//         invisible characters escaped (`\u{a0}`).
// Status: standard C++17, the standard library only (the format's most portable validator language);
//         compiles with `g++ -O2 -std=gnu++17 -Wall -Wextra -Werror` and with problemtools'
//         `g++ -g -O2 -std=gnu++23 -static`. Tested by scripts/testgen/tests/output_validators.rs (built
//         with g++, run on crafted outputs and on each right move of every committed case) and by
//         problemtools' verifyproblem (scripts/check-packages). It replaces the testlib-protocol checker
//         testdata/gomoku/checker.rs (exit 0 AC, 1 WA, 2 PE, 3 broken testdata; git history) with the same
//         rule: their verdicts (AC 42, WA and PE 43, broken testdata a judge error) agreed on 1,000 random
//         and mutated cases.
#include <algorithm>
#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace {

/// A point (X, Y) as written: X the column, Y the row, both 0-based.
using Point = std::pair<unsigned, unsigned>;

/// What the validator says: accepted, wrong answer (43) or a judge error, with its one-line note.
enum class Kind { Accepted, Wrong, Failed };
struct Verdict {
    Kind kind;
    std::string note;
};

// ---- text: UTF-8 read lossily, Unicode whitespace, notes ----

/// `bytes` as valid UTF-8: each maximal invalid subpart becomes U+FFFD (the Unicode recommendation).
std::string lossy_utf8(std::string bytes) {
    // ASCII, as every file should be, is returned as it is, not copied.
    if (std::all_of(bytes.begin(), bytes.end(), [](char b) { return static_cast<unsigned char>(b) < 0x80; }))
        return bytes;
    std::string out;
    out.reserve(bytes.size());
    for (std::size_t i = 0; i < bytes.size();) {
        // A run of ASCII in one append: the files are mostly that.
        std::size_t ascii = i;
        while (ascii < bytes.size() && static_cast<unsigned char>(bytes[ascii]) < 0x80) ++ascii;
        out.append(bytes, i, ascii - i);
        if ((i = ascii) == bytes.size()) break;
        unsigned lead = static_cast<unsigned char>(bytes[i]);
        // The sequence's length and the range of its second byte (later ones are 80..BF).
        std::size_t width = 0;
        unsigned low = 0x80, high = 0xBF;
        if (lead >= 0xC2 && lead <= 0xDF) width = 2;
        else if (lead == 0xE0) width = 3, low = 0xA0;
        else if (lead == 0xED) width = 3, high = 0x9F;
        else if (lead >= 0xE1 && lead <= 0xEF) width = 3;
        else if (lead == 0xF0) width = 4, low = 0x90;
        else if (lead == 0xF4) width = 4, high = 0x8F;
        else if (lead >= 0xF1 && lead <= 0xF3) width = 4;
        std::size_t valid = 1;
        while (valid < width && i + valid < bytes.size()) {
            unsigned next = static_cast<unsigned char>(bytes[i + valid]);
            if (next < (valid == 1 ? low : 0x80) || next > (valid == 1 ? high : 0xBF)) break;
            ++valid;
        }
        if (valid == width) out.append(bytes, i, valid);
        else out += "\xEF\xBF\xBD";
        i += valid;
    }
    return out;
}

/// The character at `at` of valid UTF-8 `s`; moves `at` past it.
char32_t next_char(std::string_view s, std::size_t& at) {
    unsigned lead = static_cast<unsigned char>(s[at++]);
    int more = lead < 0x80 ? 0 : lead < 0xE0 ? 1 : lead < 0xF0 ? 2 : 3;
    char32_t c = more == 0 ? lead : lead & (0x3F >> more);
    for (; more > 0; --more) c = c << 6 | (static_cast<unsigned char>(s[at++]) & 0x3F);
    return c;
}

void push_char(std::string& out, char32_t c) {
    if (c < 0x80) {
        out += static_cast<char>(c);
        return;
    }
    int more = c < 0x800 ? 1 : c < 0x10000 ? 2 : 3;
    unsigned lead = more == 1 ? 0xC0 : more == 2 ? 0xE0 : 0xF0;
    out += static_cast<char>(lead | (c >> (6 * more)));
    for (int k = more - 1; k >= 0; --k) out += static_cast<char>(0x80 | ((c >> (6 * k)) & 0x3F));
}

/// Unicode's White_Space.
bool is_space(char32_t c) {
    return (c >= 0x09 && c <= 0x0D) || c == 0x20 || c == 0x85 || c == 0xA0 || c == 0x1680 ||
           (c >= 0x2000 && c <= 0x200A) || c == 0x2028 || c == 0x2029 || c == 0x202F || c == 0x205F ||
           c == 0x3000;
}

std::string hex_escape(char32_t c) {
    char buffer[16];
    std::snprintf(buffer, sizeof buffer, "\\u{%x}", static_cast<unsigned>(c));
    return buffer;
}

/// `s` in double quotes, invisible characters escaped (`\t`, `\r`, `\u{a0}`), cut after 60 characters.
std::string show(std::string_view s) {
    std::string out = "\"";
    std::size_t at = 0;
    for (int i = 0; at < s.size(); ++i) {
        if (i == 60) {
            out += "\xE2\x80\xA6";  // …
            break;
        }
        char32_t c = next_char(s, at);
        if (c == '"' || c == '\\') out += '\\', out += static_cast<char>(c);
        else if (c == '\t') out += "\\t";
        else if (c == '\r') out += "\\r";
        else if (c == '\n') out += "\\n";
        else if (c == ' ') out += ' ';
        else if (c < 0x20 || (c >= 0x7F && c <= 0x9F) || is_space(c) || c == 0xFFFD || c == 0xFEFF)
            out += hex_escape(c);
        else push_char(out, c);
    }
    return out + "\"";
}

/// The flags as the other validators print them, `["a", "b"]`: quotes, backslashes, controls, spaces other
/// than ASCII's, U+00AD and U+FEFF escaped.
std::string debug_list(const std::vector<std::string>& items) {
    std::string out = "[";
    for (const std::string& raw : items) {
        std::string item = lossy_utf8(raw);
        out += out.size() > 1 ? ", \"" : "\"";
        for (std::size_t at = 0; at < item.size();) {
            char32_t c = next_char(item, at);
            if (c == '"' || c == '\\') out += '\\', out += static_cast<char>(c);
            else if (c == 0) out += "\\0";
            else if (c == '\t') out += "\\t";
            else if (c == '\r') out += "\\r";
            else if (c == '\n') out += "\\n";
            else if (c < 0x20 || (c >= 0x7F && c <= 0x9F) || (c > 0x7F && is_space(c)) || c == 0xAD ||
                     c == 0xFEFF)
                out += hex_escape(c);
            else push_char(out, c);
        }
        out += '"';
    }
    return out + "]";
}

/// `s` without the whitespace at either end.
std::string_view trim(std::string_view s) {
    std::size_t begin = 0, end = s.size();
    for (std::size_t at = 0; at < s.size(); begin = at) {
        if (!is_space(next_char(s, at))) break;
    }
    if (begin == s.size()) return {};
    while (end > begin) {
        std::size_t start = end - 1;
        while ((static_cast<unsigned char>(s[start]) & 0xC0) == 0x80) --start;
        std::size_t at = start;
        if (!is_space(next_char(s, at))) break;
        end = start;
    }
    return s.substr(begin, end - begin);
}

/// The non-blank lines of a text (CR LF too), each trimmed.
std::vector<std::string_view> filled_lines(std::string_view text) {
    std::vector<std::string_view> lines;
    for (std::size_t at = 0; at < text.size();) {
        std::size_t end = std::min(text.find('\n', at), text.size());
        std::string_view line = trim(text.substr(at, end - at));
        if (!line.empty()) lines.push_back(line);
        at = end + 1;
    }
    return lines;
}

/// The whitespace-separated words of `line`.
std::vector<std::string_view> words(std::string_view line) {
    std::vector<std::string_view> found;
    std::size_t start = 0;
    for (std::size_t at = 0; at < line.size();) {
        std::size_t here = at;
        if (is_space(next_char(line, at))) {
            if (here > start) found.push_back(line.substr(start, here - start));
            start = at;
        }
    }
    if (line.size() > start) found.push_back(line.substr(start));
    return found;
}

// ---- the rule ----

/// A move `X,Y`: one or two digits each, no spaces (an off-board move parses, and is then simply wrong).
std::optional<Point> parse_move(std::string_view text) {
    std::size_t comma = text.find(',');
    if (comma == std::string_view::npos) return std::nullopt;
    auto number = [](std::string_view digits) -> std::optional<unsigned> {
        if (digits.empty() || digits.size() > 2) return std::nullopt;
        unsigned value = 0;
        for (char digit : digits) {
            if (digit < '0' || digit > '9') return std::nullopt;
            value = value * 10 + static_cast<unsigned>(digit - '0');
        }
        return value;
    };
    std::optional<unsigned> x = number(text.substr(0, comma)), y = number(text.substr(comma + 1));
    if (!x || !y) return std::nullopt;
    return Point{*x, *y};
}

/// `3,4 7,7`.
std::string render(const std::vector<Point>& moves) {
    std::string out;
    for (auto [x, y] : moves) out += (out.empty() ? "" : " ") + std::to_string(x) + "," + std::to_string(y);
    return out;
}

/// Checks every board's move in order; the first wrong one decides.
Verdict check(std::string_view input, std::string_view output, std::string_view answer) {
    // A `rule N` line (standard or renju boards) is not a board row.
    std::size_t rows = 0;
    for (std::string_view line : filled_lines(input)) rows += line.substr(0, 5) != "rule ";
    std::size_t boards = rows / 15;
    std::vector<std::vector<Point>> right;
    for (std::string_view line : filled_lines(answer)) {
        right.emplace_back();
        for (std::string_view word : words(line)) {
            std::optional<Point> point = parse_move(word);
            if (!point) return {Kind::Failed, "bad answer move " + show(word)};
            right.back().push_back(*point);
        }
    }
    if (right.size() != boards)
        return {Kind::Failed,
                std::to_string(boards) + " boards but " + std::to_string(right.size()) + " answer lines"};
    std::vector<std::string_view> moves = filled_lines(output);
    for (std::size_t k = 0; k < boards; ++k) {
        std::string board = "board " + std::to_string(k + 1) + ": ";
        if (k >= moves.size())
            return {Kind::Wrong, board + "no move (expected one of " + render(right[k]) + ")"};
        std::optional<Point> point = parse_move(moves[k]);
        if (!point) return {Kind::Wrong, board + "expected a move X,Y, got " + show(moves[k])};
        if (std::find(right[k].begin(), right[k].end(), *point) == right[k].end())
            return {Kind::Wrong,
                    board + std::string(moves[k]) + " is not a right move (right: " + render(right[k]) + ")"};
    }
    if (moves.size() > boards)
        return {Kind::Wrong,
                std::to_string(moves.size()) + " moves for " + std::to_string(boards) + " boards"};
    return {Kind::Accepted, ""};
}

// ---- the interface ----

/// The message of the OS error `code`, as the other validators print it: `<strerror> (os error <code>)`.
std::string os_error(int code) {
    return std::string(std::strerror(code)) + " (os error " + std::to_string(code) + ")";
}

/// All of `file` into `text`; false with the reason in `error`.
bool read_all(std::FILE* file, std::string& text, std::string& error) {
    char buffer[1 << 16];
    std::size_t got;
    errno = 0;
    while ((got = std::fread(buffer, 1, sizeof buffer, file)) > 0) text.append(buffer, got);
    // A closed stdin reads as empty.
    if (std::ferror(file) && !(file == stdin && errno == EBADF)) {
        error = os_error(errno);
        return false;
    }
    return true;
}

bool read_file(const std::string& path, std::string& text, std::string& error) {
    std::FILE* file = std::fopen(path.c_str(), "rb");
    if (file == nullptr) {
        error = os_error(errno);
        return false;
    }
    bool read = read_all(file, text, error);
    std::fclose(file);
    return read;
}

/// The verdict for the command line `args` (without the program name) and the team's `output`.
Verdict run(const std::vector<std::string>& args, std::string_view output) {
    if (args.size() < 3)
        return {Kind::Failed, "usage: validate INPUT ANSWER FEEDBACK_DIR [official] < OUTPUT"};
    std::vector<std::string> flags(args.begin() + 3, args.end());
    // The default validator's flags, which BAPCtools passes when it checks an answer file (or a generated
    // output) with this validator: its comparison is its own (see above), so they change nothing here.
    flags.erase(std::remove_if(flags.begin(), flags.end(),
                               [](const std::string& flag) {
                                   return flag == "case_sensitive" || flag == "space_change_sensitive";
                               }),
                flags.end());
    if (!flags.empty() && !(flags.size() == 1 && flags[0] == "official"))
        return {Kind::Failed, "unknown flags " + debug_list(flags) + ": none, or official (the only mode)"};
    std::string texts[2];
    for (int k = 0; k < 2; ++k) {
        std::string bytes, error;
        if (!read_file(args[k], bytes, error))
            return {Kind::Failed, "cannot read " + lossy_utf8(args[k]) + ": " + error};
        texts[k] = lossy_utf8(std::move(bytes));
    }
    return check(texts[0], output, texts[1]);
}

/// Writes `text` to `path` (created or truncated); false with the reason in `error`.
bool write_file(const std::string& path, const std::string& text, std::string& error) {
    std::FILE* file = std::fopen(path.c_str(), "wb");
    if (file == nullptr) {
        error = os_error(errno);
        return false;
    }
    bool written = std::fwrite(text.data(), 1, text.size(), file) == text.size();
    int code = errno;
    if (std::fclose(file) != 0 && written) written = false, code = errno;
    if (!written) error = os_error(code);
    return written;
}

}  // namespace

int main(int argc, char** argv) {
    std::vector<std::string> args(argv + 1, argv + argc);
    std::string output, error;
    Verdict verdict = read_all(stdin, output, error)
                          ? run(args, lossy_utf8(std::move(output)))
                          : Verdict{Kind::Failed, "cannot read the output on stdin: " + error};
    if (verdict.kind == Kind::Accepted) return 42;
    int code = verdict.kind == Kind::Wrong ? 43 : 1;
    // The reason goes to the feedback folder; a judge error (or a folder that cannot take it) also to stderr.
    if (args.size() > 2) {
        const std::string& dir = args[2];
        std::string path = dir.empty() ? "" : dir.back() == '/' ? dir : dir + "/";
        if (!write_file(path + "judgemessage.txt", verdict.note + "\n", error)) {
            std::string line = "cannot write judgemessage.txt (" + error + "): " + verdict.note + "\n";
            std::fwrite(line.data(), 1, line.size(), stderr);
            return 1;
        }
    }
    if (code != 43) {
        std::string line = verdict.note + "\n";
        std::fwrite(line.data(), 1, line.size(), stderr);
    }
    return code;
}
