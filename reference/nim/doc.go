// Package nim is the reference of the Nim assignment: a program `nim N`
// plays both sides of Nim (take 1, 2 or 3 matches, leave at least one;
// whoever must take the last match loses) optimally with negamax and
// prints the game, one line per move, "N: Max takes K", ending with
// "1: Min looses".
//
// Correct programs differ wherever the player to move has lost, since
// every move is optimal there; so a grader cannot diff their output. The
// package instead knows every state's value and winning move (Lost,
// WinningMove), the game a program prints under each reading of the
// points the assignment leaves open (a tie rule and the loser line's
// spelling: Output), and a checker (Check) that judges any output by
// the rules every correct run obeys, naming the first line that breaks
// one and the rule.
//
// The catalogue (Catalogue) holds the usual wrong programs and what each
// prints, or how it ends, on a command line, so that a grader can name
// the mistake a wrong answer reproduces; testdata/submissions holds a
// source of each, and of correct programs in C, C++, Java and Python.
//
// The package does no I/O; package nim/oracle adapts it to the grader.
package nim
