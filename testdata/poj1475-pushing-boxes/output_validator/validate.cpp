// Output validator of POJ 1475 "Pushing Boxes": replays each maze's move string and compares its cost.
//
// Usage:  validate INPUT ANSWER FEEDBACK_DIR [official|beyond] < OUTPUT   (the ICPC problem package
//         format's output validator interface; no flag is `official`)
//         The default validator's `case_sensitive` and `space_change_sensitive` may come too, in any
//         order (BAPCtools passes both when it checks an answer file with this validator): ignored.
// Exit:   42 accepted; 43 wrong answer (a layout-only difference in `beyond` mode included: the interface
//         has no presentation error, so its note says "differs only in whitespace"); anything else (1) a
//         judge error: bad testdata or usage.
// Note:   a rejection's reason, one line, goes to FEEDBACK_DIR/judgemessage.txt (created or overwritten):
//         the first wrong maze and why. A judge error's goes there too, and to stderr. Nothing is written
//         to stdout.
// Rule:   per maze, `Maze #k`, then `Impossible.` exactly when the reference says so, or a move string:
//         lower case `n s e w` walks (not into rock, off the maze or onto the box), upper case `N S E W`
//         pushes (the box must be there and the cell behind it free); the box must end on `T`, with the
//         fewest pushes and, among those, the fewest moves: (pushes, moves) equal to the reference's. Any
//         tie is accepted. A string that beats the reference is the testdata's fault: a judge error.
// Modes:  `official` is the statement's rule, which POJ's special judge applies: the output is read as
//         tokens (`Maze`, `#k`, the answer), so the empty line after each maze and other whitespace do not
//         matter. `beyond` is this project's demand: the same, and the lines laid out exactly as the
//         statement prints them (`Maze #k`, the answer, an empty line; trailing whitespace and CR
//         ignored), else rejected as a presentation error.
// Text:   the files are read as UTF-8 with each invalid sequence shown as U+FFFD; whitespace is ASCII's
//         (space, \t, \n, \f, \r); notes show strings quoted, invisible characters escaped (`\u{a0}`).
// Status: standard C++17, the standard library only (the format's most portable validator language; Kattis
//         takes no Rust); compiles with `g++ -O2 -std=gnu++17 -Wall -Wextra -Werror` and with problemtools'
//         `g++ -g -O2 -std=gnu++23 -static`. Tested by scripts/testgen/tests/output_validators.rs (built
//         with g++, run on crafted outputs and on every committed case) and by problemtools' verifyproblem
//         (scripts/check-packages). It replaces a Rust validator (git history: output_validator/validate.rs)
//         and agreed with it byte for byte (exit code, judgemessage.txt, stderr) on 1,000 random and mutated
//         outputs, inputs, answers and command lines; it differs only where that one crashed (an argument
//         that is not UTF-8, a maze size
//         too large to allocate).
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

/// A cell (row, column).
using Cell = std::pair<std::size_t, std::size_t>;

constexpr std::string_view IMPOSSIBLE = "Impossible.";

/// What the validator says, with its one-line note; the interface rejects a presentation error as wrong (43).
enum class Kind { Accepted, Wrong, Presentation, Failed };
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

/// The lines of a text with trailing whitespace (CR too) cut and trailing empty lines dropped, each line
/// cut of its trailing whitespace.
class Lines {
  public:
    explicit Lines(std::string_view text) : rest_(trim_end(text)), done_(rest_.empty()) {}
    bool next(std::string_view& line) {
        if (done_) return false;
        std::size_t end = rest_.find('\n');
        done_ = end == std::string_view::npos;
        line = trim_end(rest_.substr(0, end));
        rest_.remove_prefix(done_ ? rest_.size() : end + 1);
        return true;
    }

  private:
    static std::string_view trim_end(std::string_view s) {
        while (!s.empty() && is_ascii_space(s.back())) s.remove_suffix(1);
        return s;
    }
    std::string_view rest_;
    bool done_;
};

/// The whitespace-separated tokens of a text, one at a time.
class Tokens {
  public:
    explicit Tokens(std::string_view text) : rest_(text) {}
    std::optional<std::string_view> next() {
        while (!rest_.empty() && is_ascii_space(rest_.front())) rest_.remove_prefix(1);
        if (rest_.empty()) return std::nullopt;
        std::size_t end = 0;
        while (end < rest_.size() && !is_ascii_space(rest_[end])) ++end;
        std::string_view token = rest_.substr(0, end);
        rest_.remove_prefix(end);
        return token;
    }

  private:
    std::string_view rest_;
};

/// `1 push`, `2 pushes`: a count with its noun in the right number.
std::string count(std::size_t n, const char* one, const char* many) {
    return std::to_string(n) + " " + (n == 1 ? one : many);
}


// ---- the maze ----

/// What a legal move string costs: pushes first, then moves.
using Cost = std::pair<std::size_t, std::size_t>;

/// One maze of the input.
struct Maze {
    std::vector<std::string> rows;
    Cell start, box, target;

    /// The neighbour of `cell` in direction (`dr`, `dc`) if it is inside the maze and not rock.
    std::optional<Cell> step(Cell cell, int dr, int dc) const {
        if ((dr < 0 && cell.first == 0) || (dc < 0 && cell.second == 0)) return std::nullopt;
        std::size_t row = cell.first + dr, col = cell.second + dc;
        if (row >= rows.size() || col >= rows[row].size() || rows[row][col] == '#') return std::nullopt;
        return Cell{row, col};
    }

    /// Plays `moves`; its (pushes, moves) in `cost`, or false with the first illegal move in `error`.
    bool replay(std::string_view moves, Cost& cost, std::string& error) const {
        Cell you = start, box_cell = box;
        std::size_t pushes = 0, i = 0;
        for (std::size_t at = 0; at < moves.size();) {
            char32_t step = next_char(moves, at);
            ++i;
            auto illegal = [&](const char* why) {
                error = "move " + std::to_string(i) + " `" + static_cast<char>(step) + "` " + why;
                return false;
            };
            char32_t lower = step >= 'A' && step <= 'Z' ? step + ('a' - 'A') : step;
            int dr = lower == 'n' ? -1 : lower == 's' ? 1 : 0;
            int dc = lower == 'e' ? 1 : lower == 'w' ? -1 : 0;
            if (dr == 0 && dc == 0) {
                std::string shown;
                push_char(shown, step);
                error = "move " + std::to_string(i) + ": " + show(shown) + " is not one of N S E W n s e w";
                return false;
            }
            std::optional<Cell> next = this->step(you, dr, dc);
            if (!next) return illegal("walks into rock or off the maze");
            if (step == lower) {
                if (*next == box_cell) return illegal("walks into the box (a push is upper case)");
            } else if (*next != box_cell) {
                return illegal("pushes, but the box is not there");
            } else {
                std::optional<Cell> behind = this->step(box_cell, dr, dc);
                if (!behind) return illegal("pushes the box into rock or off the maze");
                box_cell = *behind;
                ++pushes;
            }
            you = *next;
        }
        if (box_cell != target) {
            error = "the box ends at row " + std::to_string(box_cell.first + 1) + ", column " +
                    std::to_string(box_cell.second + 1) + ", not on the target";
            return false;
        }
        cost = {pushes, i};
        return true;
    }
};

/// A size as Rust's `usize` parse reads it: an optional `+`, decimal digits, no overflow.
std::optional<std::uint64_t> parse_size(std::optional<std::string_view> token) {
    if (!token) return std::nullopt;
    std::string_view digits = *token;
    if (!digits.empty() && digits[0] == '+') digits.remove_prefix(1);
    if (digits.empty()) return std::nullopt;
    std::uint64_t value = 0;
    for (char digit : digits) {
        if (digit < '0' || digit > '9') return std::nullopt;
        std::uint64_t d = static_cast<std::uint64_t>(digit - '0');
        if (value > (UINT64_MAX - d) / 10) return std::nullopt;
        value = value * 10 + d;
    }
    return value;
}

/// The mazes up to `0 0` (or the end of the input); false with `error` set if one is malformed.
bool parse_mazes(std::string_view input, std::vector<Maze>& mazes, std::string& error) {
    Tokens tokens(input);
    for (;;) {
        std::optional<std::uint64_t> rows = parse_size(tokens.next());
        std::optional<std::uint64_t> cols = parse_size(tokens.next());
        if (!rows || (*rows == 0 && cols == std::uint64_t{0})) return true;
        std::string number = "maze " + std::to_string(mazes.size() + 1);
        if (!cols) {
            error = number + ": bad size";
            return false;
        }
        Maze maze;
        for (std::uint64_t r = 0; r < *rows; ++r) {
            std::optional<std::string_view> row = tokens.next();
            if (!row || row->size() != *cols || row->find_first_not_of("#.SBT") != std::string_view::npos) {
                error = number + ": expected " + std::to_string(*rows) + " rows of " +
                        std::to_string(*cols) + " of #.SBT";
                return false;
            }
            maze.rows.emplace_back(*row);
        }
        // The first of each, row by row.
        for (auto [wanted, cell] : {std::pair{'S', &maze.start}, {'B', &maze.box}, {'T', &maze.target}}) {
            bool found = false;
            for (std::size_t r = 0; r < maze.rows.size() && !found; ++r) {
                std::size_t c = maze.rows[r].find(wanted);
                if (c != std::string::npos) *cell = {r, c}, found = true;
            }
            if (!found) {
                error = number + ": no `" + wanted + "`";
                return false;
            }
        }
        mazes.push_back(std::move(maze));
    }
}

/// Splits a report into each maze's answer token, checking the `Maze #k` headers; false with `error` set.
bool answers(std::string_view text, std::size_t mazes, std::vector<std::string_view>& found,
             std::string& error) {
    Tokens tokens(text);
    for (std::size_t k = 1; k <= mazes; ++k) {
        std::optional<std::string_view> maze = tokens.next(), number = tokens.next();
        std::optional<std::string_view> answer = tokens.next();
        if (!maze || !number || !answer) {
            error = "output ends early: " + count(found.size(), "maze", "mazes") + " of " +
                    std::to_string(mazes) + " answered";
            return false;
        }
        if (*maze != "Maze" || *number != "#" + std::to_string(k)) {
            error = "expected \"Maze #" + std::to_string(k) + "\", got " +
                    show(std::string(*maze) + " " + std::string(*number));
            return false;
        }
        found.push_back(*answer);
    }
    if (std::optional<std::string_view> extra = tokens.next()) {
        error = "extra output after maze " + std::to_string(mazes) + ": " + show(*extra);
        return false;
    }
    return true;
}

/// One maze's answer against the reference's.
Verdict check_maze(const Maze& maze, std::string_view got, std::string_view want) {
    if (want == IMPOSSIBLE) {
        if (got == IMPOSSIBLE) return {Kind::Accepted, ""};
        return {Kind::Wrong, "expected Impossible., got " + show(got)};
    }
    Cost best, cost;
    std::string error;
    if (!maze.replay(want, best, error)) return {Kind::Failed, "the reference answer is illegal: " + error};
    auto [pushes, moves] = best;
    if (got == IMPOSSIBLE)
        return {Kind::Wrong, "got Impossible., but the reference needs " + count(pushes, "push", "pushes")};
    if (!maze.replay(got, cost, error)) return {Kind::Wrong, error};
    auto [p, m] = cost;
    if (p > pushes)
        return {Kind::Wrong, "not fewest pushes: " + count(p, "push", "pushes") + ", the reference has " +
                                 std::to_string(pushes)};
    if (p == pushes && m > moves)
        return {Kind::Wrong, "not fewest moves: " + count(m, "move", "moves") + " with " +
                                 count(p, "push", "pushes") + ", the reference has " + std::to_string(moves)};
    if (cost < best)
        return {Kind::Failed, "(" + std::to_string(p) + " pushes, " + std::to_string(m) +
                                  " moves) beats the reference's (" + std::to_string(pushes) + ", " +
                                  std::to_string(moves) + "): the reference is not optimal"};
    return {Kind::Accepted, ""};
}

/// Beyond mode's layout: the output's lines against the statement's (`Maze #k`, the answer, an empty line).
Verdict layout(std::string_view output, const std::vector<std::string_view>& found) {
    std::string canonical;
    for (std::size_t k = 0; k < found.size(); ++k)
        canonical += "Maze #" + std::to_string(k + 1) + "\n" + std::string(found[k]) + "\n\n";
    Lines got(output), want(canonical);
    for (std::size_t line = 1;; ++line) {
        std::string_view g, w;
        bool more_got = got.next(g), more_want = want.next(w);
        if (!more_got && !more_want) return {Kind::Accepted, ""};
        if (more_got && more_want && g == w) continue;
        return {Kind::Presentation, "differs only in whitespace: line " + std::to_string(line) +
                                        ": expected " + show(more_want ? w : "") + ", got " +
                                        show(more_got ? g : "")};
    }
}

/// Checks every maze, then (in beyond mode) the layout.
Verdict check(Mode mode, std::string_view input, std::string_view output, std::string_view answer) {
    std::vector<Maze> mazes;
    std::vector<std::string_view> want, got;
    std::string error;
    if (!parse_mazes(input, mazes, error)) return {Kind::Failed, "input: " + error};
    if (!answers(answer, mazes.size(), want, error)) return {Kind::Failed, "answer file: " + error};
    if (!answers(output, mazes.size(), got, error)) return {Kind::Wrong, error};
    for (std::size_t k = 0; k < mazes.size(); ++k) {
        Verdict verdict = check_maze(mazes[k], got[k], want[k]);
        if (verdict.kind == Kind::Accepted) continue;
        verdict.note = "maze " + std::to_string(k + 1) + ": " + verdict.note;
        return verdict;
    }
    return mode == Mode::Beyond ? layout(output, got) : Verdict{Kind::Accepted, ""};
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
    int code = verdict.kind == Kind::Failed ? 1 : 43;
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
