package nqueens

// Parts are the parts scored by success, with the rates measured by
// internal/measure and the R and K chosen from them (Part.Sized):
//
//	go run ./reference/nqueens/internal/measure -seeds 10000 -broken 2000 -runs 20
//
// cases/nqueens/MEASURED.md prints the table. TestRecordedErrors
// recomputes both error probabilities from these rates, and the oracle's
// tests check the case files against them.
var Parts = []Part{
	{ID: "random", N: 5, Algorithm: RandomSearch, Runs: 20, MinPass: 9,
		Correct: Rate{"random-search", 9582, 10000},
		Broken:  []Rate{{"no-search", 10, 2000}}},
	{ID: "hill8", N: 8, Algorithm: HillClimbing, Runs: 20, MinPass: 18,
		Correct: Rate{"hill-climbing", 10000, 10000},
		Broken:  []Rate{{"hill-climbing-no-restarts", 276, 2000}, {"hill-climbing-first-tie", 677, 2000}}},
	{ID: "hill10", N: 10, Algorithm: HillClimbing, Runs: 20, MinPass: 16,
		Correct: Rate{"hill-climbing", 9989, 10000},
		Broken:  []Rate{{"hill-climbing-no-restarts", 107, 2000}, {"hill-climbing-first-tie", 375, 2000}}},
	{ID: "anneal8", N: 8, Algorithm: Annealing, Runs: 20, MinPass: 18,
		Correct: Rate{"annealing", 10000, 10000},
		Broken:  []Rate{{"annealing-accept-all", 738, 2000}, {"annealing-constant-temperature", 870, 2000}}},
	{ID: "genetic8", N: 8, Algorithm: Genetic, Runs: 20, MinPass: 15,
		Correct: Rate{"genetic", 9873, 10000},
		Broken:  []Rate{{"genetic-no-mutation", 391, 2000}}},
}
