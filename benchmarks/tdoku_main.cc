// End-to-end peer for the benchmark: read a file of 9x9 puzzle lines, solve each with tdoku,
// print one solution line (or "unsolvable") per puzzle, as `satdoku solve FILE` does.
// Built by benchmarks/tdoku.py next to tdoku's solver (../shared/peers/tdoku); never shipped.
#include <cstdio>
#include <cstring>

#include "tdoku.h"

int main(int argc, char **argv) {
    if (argc != 2) {
        std::fprintf(stderr, "usage: tdoku_solve FILE\n");
        return 2;
    }
    std::FILE *in = std::fopen(argv[1], "r");
    if (in == nullptr) {
        std::perror(argv[1]);
        return 2;
    }
    static char out_buffer[1 << 16];
    std::setvbuf(stdout, out_buffer, _IOFBF, sizeof out_buffer);
    char line[1024], puzzle[82], solution[82];
    while (std::fgets(line, sizeof line, in) != nullptr) {
        if (line[0] == '#' || std::strlen(line) < 81) continue;
        for (int i = 0; i < 81; i++) puzzle[i] = (line[i] >= '1' && line[i] <= '9') ? line[i] : '.';
        puzzle[81] = '\0';
        size_t guesses = 0;
        if (TdokuSolverDpllTriadSimd(puzzle, 1, 0, solution, &guesses) == 1) {
            solution[81] = '\n';
            std::fwrite(solution, 1, 82, stdout);
        } else {
            std::fputs("unsolvable\n", stdout);
        }
    }
    std::fclose(in);
    return 0;
}
