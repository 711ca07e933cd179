// Output validator of POJ 1077 / HDU 1043 "Eight": replays each output line on its board.
//
// Usage:  validate INPUT ANSWER FEEDBACK_DIR [official|beyond] < OUTPUT   (the ICPC problem package
//         format's output validator interface; no flag is `official`)
//         The default validator's `case_sensitive` and `space_change_sensitive` may come too, in any
//         order (BAPCtools passes both when it checks an answer file with this validator): ignored.
// Exit:   42 accepted; 43 wrong answer; anything else (1) a judge error: bad testdata or usage.
// Note:   a rejection's reason, one line, goes to FEEDBACK_DIR/judgemessage.txt (created or overwritten):
//         the first wrong board (its line number) and why. A judge error's goes there too, and to stderr.
//         Nothing is written to stdout.
// Modes:  `official` is the real judges' special judge: any move string that takes the board to
//         `1 2 3 / 4 5 6 / 7 8 x` is accepted, and `unsolvable` exactly when the board is unsolvable.
//         `beyond` is this project's demand: the same, with no more moves than the reference line (a
//         shortest answer).
// Both:   lines are compared with trailing whitespace (`\r` too) and leading spaces ignored; a missing last
//         line is fine only when it would be empty (the goal board). A valid line shorter than the
//         reference's, or a reference line that does not solve its board, is the testdata's fault: a judge
//         error.
// Text:   the files are read as UTF-8 with each invalid sequence shown as U+FFFD; whitespace is ASCII's
//         (space, \t, \n, \f, \r); notes show strings quoted, invisible characters escaped (`\u{a0}`).
// Status: standard C++17, the standard library only (the format's most portable validator language; Kattis
//         takes no Rust); compiles with `g++ -O2 -std=gnu++17 -Wall -Wextra -Werror` and with problemtools'
//         `g++ -g -O2 -std=gnu++23 -static`. Tested by scripts/testgen/tests/output_validators.rs (built
//         with g++, run on crafted outputs and on every committed case) and by problemtools' verifyproblem
//         (scripts/check-packages). It replaces a Rust validator (git history: output_validator/validate.rs)
//         and agreed with it byte for byte (exit code, judgemessage.txt, stderr) on 1,000 random and mutated
//         outputs, inputs, answers and command lines; it differs only where that one crashed (an argument
//         that is not UTF-8).
//         HDU 1043's package holds a byte-identical copy (testdata/hdu1043-eight/output_validator/
//         validate.cpp; the same test keeps the two equal).
#include <algorithm>
#include <array>
#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace {

/// A board row by row, 0 the blank.
using Board = std::array<std::uint8_t, 9>;

constexpr Board GOAL{1, 2, 3, 4, 5, 6, 7, 8, 0};
constexpr std::string_view UNSOLVABLE = "unsolvable";

/// What the validator says: accepted, wrong answer (43) or a judge error, with its one-line note.
enum class Kind { Accepted, Wrong, Failed };
struct Verdict {
    Kind kind;
    std::string note;
};

enum class Mode { Official, Beyond };

// ---- text: UTF-8 read lossily, ASCII whitespace, notes ----

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

/// ASCII whitespace as Rust defines it: space, \t, \n, \f, \r (not \v).
bool is_ascii_space(char c) {
    return c == ' ' || c == '\t' || c == '\n' || c == '\f' || c == '\r';
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

/// The flags as Rust's `{:?}` prints them, `["a", "b"]`: ASCII escaped as it does; of the rest, controls,
/// spaces, U+00AD and U+FEFF as `\u{..}` (Rust also escapes rarer unprintable ones: a flag no package has).
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

std::string_view trim_ascii(std::string_view s) {
    while (!s.empty() && is_ascii_space(s.back())) s.remove_suffix(1);
    while (!s.empty() && is_ascii_space(s.front())) s.remove_prefix(1);
    return s;
}

/// The lines of a text with trailing whitespace cut and trailing empty lines dropped, each line trimmed.
class Lines {
  public:
    explicit Lines(std::string_view text) : rest_(text) {
        while (!rest_.empty() && is_ascii_space(rest_.back())) rest_.remove_suffix(1);
        done_ = rest_.empty();
    }
    bool next(std::string_view& line) {
        if (done_) return false;
        std::size_t end = rest_.find('\n');
        done_ = end == std::string_view::npos;
        line = trim_ascii(rest_.substr(0, end));
        rest_.remove_prefix(done_ ? rest_.size() : end + 1);
        return true;
    }

  private:
    std::string_view rest_;
    bool done_;
};

/// `1 move`, `2 moves`.
std::string moves(std::size_t n) {
    return std::to_string(n) + (n == 1 ? " move" : " moves");
}

// ---- the puzzle ----

/// A tile as Rust's `u8` parse reads it (an optional `+`, decimal digits) if it is 1..8.
bool parse_tile(std::string_view token, std::uint8_t& tile) {
    if (!token.empty() && token[0] == '+') token.remove_prefix(1);
    if (token.empty()) return false;
    unsigned value = 0;
    for (char digit : token) {
        if (digit < '0' || digit > '9') return false;
        value = value * 10 + static_cast<unsigned>(digit - '0');
        if (value > 255) return false;
    }
    tile = static_cast<std::uint8_t>(value);
    return value >= 1 && value <= 8;
}

/// The input's boards: 9 tokens each, `1`..`8` and `x`, any whitespace; false with `error` set if not.
bool parse_boards(std::string_view input, std::vector<Board>& boards, std::string& error) {
    // One pass, no token list: a count that is not a multiple of 9 is reported before any bad board.
    std::size_t tokens = 0;
    Board board{};
    for (std::size_t at = 0;;) {
        while (at < input.size() && is_ascii_space(input[at])) ++at;
        if (at == input.size()) break;
        std::size_t end = at;
        while (end < input.size() && !is_ascii_space(input[end])) ++end;
        std::string_view tile = input.substr(at, end - at);
        at = end;
        std::size_t number = tokens / 9 + 1, cell = tokens++ % 9;
        if (!error.empty()) continue;
        if (tile == "x") board[cell] = 0;
        else if (!parse_tile(tile, board[cell]))
            error = "board " + std::to_string(number) + ": bad tile " + show(tile);
        if (cell < 8 || !error.empty()) continue;
        Board sorted = board;
        std::sort(sorted.begin(), sorted.end());
        if (sorted != Board{0, 1, 2, 3, 4, 5, 6, 7, 8})
            error = "board " + std::to_string(number) + " is not a permutation of 1..8 and x";
        boards.push_back(board);
    }
    if (tokens % 9 != 0) error = std::to_string(tokens) + " tokens, not a multiple of 9";
    return error.empty();
}

/// Plays `line` (the directions the blank moves) on `board`; false with the first illegal move in `illegal`.
bool replay(Board& board, std::string_view line, std::string& illegal) {
    std::size_t blank = std::find(board.begin(), board.end(), 0) - board.begin();
    std::size_t at = 0;
    for (std::size_t i = 1; at < line.size(); ++i) {
        char32_t step = next_char(line, at);
        if (step != 'u' && step != 'd' && step != 'l' && step != 'r') {
            std::string shown;
            push_char(shown, step);
            illegal = "move " + std::to_string(i) + ": " + show(shown) + " is not one of u d l r";
            return false;
        }
        std::size_t row = blank / 3, col = blank % 3;
        if (!(step == 'u' ? row > 0 : step == 'd' ? row < 2 : step == 'l' ? col > 0 : col < 2)) {
            illegal = "move " + std::to_string(i) + " `" + static_cast<char>(step) +
                      "` takes the blank off the board";
            return false;
        }
        std::size_t target =
            step == 'u' ? blank - 3 : step == 'd' ? blank + 3 : step == 'l' ? blank - 1 : blank + 1;
        std::swap(board[blank], board[target]);
        blank = target;
    }
    return true;
}

/// `123/456/78x`.
std::string render(const Board& board) {
    std::string out;
    for (std::size_t cell = 0; cell < 9; ++cell) {
        if (cell > 0 && cell % 3 == 0) out += '/';
        out += board[cell] == 0 ? 'x' : static_cast<char>('0' + board[cell]);
    }
    return out;
}

/// One board's output line against the reference line.
Verdict check_board(Mode mode, const Board& board, std::string_view got, std::string_view want) {
    if (want == UNSOLVABLE) {
        if (got == UNSOLVABLE) return {Kind::Accepted, ""};
        return {Kind::Wrong, "the board is unsolvable, got " + show(got)};
    }
    Board end = board;
    std::string illegal;
    if (!replay(end, want, illegal) || end != GOAL)
        return {Kind::Failed, "the reference line " + show(want) + " does not solve the board"};
    if (got == UNSOLVABLE)
        return {Kind::Wrong, "got unsolvable, but the reference solves it in " + moves(want.size())};
    end = board;
    if (!replay(end, got, illegal)) return {Kind::Wrong, illegal};
    // A legal line is all ASCII: its length in bytes is its number of moves.
    if (end != GOAL)
        return {Kind::Wrong,
                "after " + moves(got.size()) + " the board is " + render(end) + ", not the goal"};
    if (got.size() < want.size())
        return {Kind::Failed, moves(got.size()) + " beat the reference's " + std::to_string(want.size()) +
                                  ": the reference is not shortest"};
    if (mode == Mode::Beyond && got.size() > want.size())
        return {Kind::Wrong, "not shortest: " + moves(got.size()) + ", the reference has " +
                                 std::to_string(want.size()) + " (the real judge would accept it)"};
    return {Kind::Accepted, ""};
}

/// Checks every board in order; the first failing one decides.
Verdict check(Mode mode, std::string_view input, std::string_view output, std::string_view answer) {
    std::vector<Board> boards;
    std::string error;
    if (!parse_boards(input, boards, error)) return {Kind::Failed, "input: " + error};
    std::vector<std::string_view> want, got;
    std::string_view line;
    for (Lines lines(answer); lines.next(line);) want.push_back(line);
    if (want.size() > boards.size())
        return {Kind::Failed, "the answer has " + std::to_string(want.size()) + " lines for " +
                                  std::to_string(boards.size()) + " boards"};
    // One line past the boards is enough to say "extra lines": millions of them are never collected.
    Lines lines(output);
    while (got.size() <= boards.size() && lines.next(line)) got.push_back(line);
    if (got.size() > boards.size()) {
        std::size_t count = got.size();
        while (lines.next(line)) ++count;
        return {Kind::Wrong, "extra lines: " + std::to_string(count) + " lines for " +
                                 std::to_string(boards.size()) + " boards"};
    }
    for (std::size_t k = 0; k < boards.size(); ++k) {
        std::string_view want_line = k < want.size() ? want[k] : "";
        if (k >= got.size() && !want_line.empty())
            return {Kind::Wrong, "output ends early: " + std::to_string(got.size()) + " lines for " +
                                     std::to_string(boards.size()) + " boards"};
        std::string_view got_line = k < got.size() ? got[k] : "";
        Verdict verdict = check_board(mode, boards[k], got_line, want_line);
        if (verdict.kind == Kind::Wrong) verdict.note = "line " + std::to_string(k + 1) + ": " + verdict.note;
        if (verdict.kind == Kind::Failed)
            verdict.note = "board " + std::to_string(k + 1) + ": " + verdict.note;
        if (verdict.kind != Kind::Accepted) return verdict;
    }
    return {Kind::Accepted, ""};
}

// ---- the interface ----

/// The message of the OS error `code`, as Rust's io::Error prints it.
std::string os_error(int code) {
    return std::string(std::strerror(code)) + " (os error " + std::to_string(code) + ")";
}

/// All of `file` into `text`; false with the reason in `error`.
bool read_all(std::FILE* file, std::string& text, std::string& error) {
    char buffer[1 << 16];
    std::size_t got;
    errno = 0;
    while ((got = std::fread(buffer, 1, sizeof buffer, file)) > 0) text.append(buffer, got);
    // A closed stdin reads as empty, as in Rust's standard library.
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
        return {Kind::Failed, "usage: validate INPUT ANSWER FEEDBACK_DIR [official|beyond] < OUTPUT"};
    std::vector<std::string> flags(args.begin() + 3, args.end());
    // The default validator's flags, which BAPCtools passes when it checks an answer file (or a generated
    // output) with this validator: its comparison is its own (see above), so they change nothing here.
    flags.erase(std::remove_if(flags.begin(), flags.end(),
                               [](const std::string& flag) {
                                   return flag == "case_sensitive" || flag == "space_change_sensitive";
                               }),
                flags.end());
    Mode mode = Mode::Official;
    if (flags.size() == 1 && flags[0] == "beyond") mode = Mode::Beyond;
    else if (!flags.empty() && !(flags.size() == 1 && flags[0] == "official"))
        return {Kind::Failed,
                "unknown flags " + debug_list(flags) + ": none (official), or one of official, beyond"};
    std::string texts[2];
    for (int k = 0; k < 2; ++k) {
        std::string bytes, error;
        if (!read_file(args[k], bytes, error))
            return {Kind::Failed, "cannot read " + lossy_utf8(args[k]) + ": " + error};
        texts[k] = lossy_utf8(std::move(bytes));
    }
    return check(mode, texts[0], output, texts[1]);
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
