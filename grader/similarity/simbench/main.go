//go:build unix

// Command simbench measures package similarity on labelled public data
// sets of copied code, beside Debian's similarity-tester (SIM) on the
// same pairs (and Dolos, where its npm library is installed), and writes
// synthetic batches for timing it at scale.
//
//	go run ./grader/similarity/simbench                  # fetch the sets, score them
//	go run ./grader/similarity/simbench -k 10,12 -w 1,4  # try other parameters
//	go run ./grader/similarity/simbench -dolos DIR       # and Dolos (npm install @dodona/dolos-lib in DIR)
//	go run ./grader/similarity/simbench -generate 1000 -out /tmp/big
//
// The sets are IR-Plag (github.com/oscarkarnalim/sourcecodeplagiarismdataset,
// Java: each task's original against its disguised copies, L1-L6, and
// against independent solutions) and SOCO 2014's training set (a copy in
// github.com/JR-espacial/BERTPlagarismDetectionCNN, Java and C: every pair
// of files, the copies listed in its qrel files). They are cloned into
// -data (git-ignored) unless -irplag-git and -soco-git name local clones.
// For each set it prints ROC-AUC (the chance that a copied pair scores
// above an independent one) and the best F1 over all thresholds, with
// the time and peak memory; for IR-Plag also per level of disguise (each
// level's copies against every independent pair), on the tasks the
// parameters were tuned on (1 to 4) and those held out (5 to 7), and the
// mean of the AUC within each task. SOCO C is held out whole.
package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/cs540-tools/autograder/grader/similarity"
)

func main() {
	data := flag.String("data", ".simbench", "`DIR` the data sets are fetched into (git-ignored)")
	irGit := flag.String("irplag-git", "", "a local clone (`GITDIR`) of oscarkarnalim/sourcecodeplagiarismdataset instead of fetching it")
	socoGit := flag.String("soco-git", "", "a local clone (`GITDIR`) of JR-espacial/BERTPlagarismDetectionCNN instead of fetching it")
	ks := flag.String("k", "", "k-gram lengths to try, comma-separated (default: the package's)")
	ws := flag.String("w", "", "winnowing windows to try, comma-separated (default: the package's)")
	cs := flag.String("common", "", "shares of the documents above which a fingerprint is dropped, in percent, comma-separated (default: the package's)")
	peer := flag.Bool("sim", true, "run SIM (sim_java, sim_c) on the same pairs")
	dolos := flag.String("dolos", "", "a `DIR` where npm installed @dodona/dolos-lib: run Dolos on the same pairs, with no common filter and with the package's")
	tiling := flag.Bool("tiling", false, "also score every pair by greedy string tiling (slow), to compare with winnowing")
	gen := flag.Int("generate", 0, "write `N` synthetic submissions of about 300 lines under -out, and nothing else")
	out := flag.String("out", "", "the `DIR` -generate writes into")
	flag.Parse()
	if *gen > 0 {
		if err := generate(*out, *gen); err != nil {
			fail(err)
		}
		return
	}
	sets, err := loadSets(*data, *irGit, *socoGit)
	if err != nil {
		fail(err)
	}
	for _, s := range settings(*ks, *ws, *cs) {
		for _, set := range sets {
			report(set, s, false)
			if *tiling {
				report(set, s, true)
			}
		}
	}
	if *peer {
		for _, set := range sets {
			reportSIM(set)
		}
	}
	if *dolos != "" {
		for _, set := range sets {
			reportDolos(set, *dolos, 0)
			reportDolos(set, *dolos, similarity.DefaultSettings.Common)
		}
	}
}

func fail(err error) {
	fmt.Fprintf(os.Stderr, "simbench: %v\n", err)
	os.Exit(1)
}
