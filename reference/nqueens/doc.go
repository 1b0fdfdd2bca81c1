// Package nqueens is the reference of the N-queens local-search assignment
// (cases/nqueens): boards and their conflicts, a reader of the boards a
// run prints, the rules every run obeys (Check), and the course's four
// algorithms (random search, hill climbing with random restarts, simulated
// annealing, a genetic algorithm) with the broken variants the grader must
// tell apart from them, all driven by a generator the caller seeds.
//
// A student's program seeds its generator from the clock, so no output can
// be expected of it. The grader judges each run by Check (well-formed
// boards, marks true to the conflicts, no false claim of a solution) and a
// part by how many of R runs solve the puzzle: at least K. R and K come
// from the success rates measured here (Measure, Parts, Choose) so that a
// correct program fails a part, and a broken one passes it, each with a
// probability under 1e-3 (Tail). The command internal/measure prints the
// table that cases/nqueens/MEASURED.md records.
//
// The package does no I/O; package nqueens/oracle gives Check to the
// grader as the judge "nqueens".
package nqueens
