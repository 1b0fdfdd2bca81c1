//go:build unix

package main

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// dolosScript runs Dolos's library on the files named on its command
// line and prints each pair's similarity as "a<TAB>b<TAB>similarity".
// Its first arguments are the language and the share of files above
// which a fingerprint is ignored (0: none).
const dolosScript = `import { Dolos } from "@dodona/dolos-lib";
const [language, common, ...files] = process.argv.slice(2);
const options = { language };
if (Number(common) > 0) options.maxFingerprintPercentage = Number(common);
const report = await new Dolos(options).analyzePaths(files);
for (const p of report.allPairs()) {
  console.log(p.leftFile.path + "\t" + p.rightFile.path + "\t" + p.similarity);
}
`

// reportDolos runs Dolos (its npm library, installed under dir) on each
// group of the set's files, with no common filter and with the
// package's, and scores a pair by Dolos's similarity.
func reportDolos(s *set, dir string, common float64) {
	script := filepath.Join(dir, "simbench-dolos.mjs")
	if err := os.WriteFile(script, []byte(dolosScript), 0o644); err != nil {
		fmt.Printf("%-18s Dolos: %v\n", s.Name, err)
		return
	}
	lang := map[string]string{".java": "java", ".c": "c"}[s.Ext]
	start := time.Now()
	got := map[[2]int]float64{}
	var rss int64
	for _, g := range s.Groups {
		tmp, err := writeGroup(s, g)
		if err != nil {
			fmt.Printf("%-18s Dolos: %v\n", s.Name, err)
			return
		}
		args := []string{"-f", "%M", "node", script, lang, strconv.FormatFloat(common, 'f', -1, 64)}
		for x := range g {
			args = append(args, filepath.Join(tmp, fmt.Sprintf("%d%s", x, s.Ext)))
		}
		cmd := exec.Command("/usr/bin/time", args...)
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		out, err := cmd.Output()
		os.RemoveAll(tmp)
		if err != nil {
			fmt.Printf("%-18s Dolos: %v: %s\n", s.Name, err, lastLine(stderr.String()))
			return
		}
		if kb, err := strconv.ParseInt(strings.TrimSpace(lastLine(stderr.String())), 10, 64); err == nil {
			rss = max(rss, kb<<10)
		}
		sc := bufio.NewScanner(bytes.NewReader(out))
		for sc.Scan() {
			f := strings.Split(sc.Text(), "\t")
			if len(f) != 3 {
				continue
			}
			a, b := fileIndex(f[0], g), fileIndex(f[1], g)
			sim, err := strconv.ParseFloat(f[2], 64)
			if a < 0 || b < 0 || err != nil {
				continue
			}
			got[[2]int{min(a, b), max(a, b)}] = sim
		}
	}
	line(s, fmt.Sprintf("Dolos common=%-3.0f %-26s", 100*common, ""), func(p labelled) float64 {
		return got[[2]int{min(p.A, p.B), max(p.A, p.B)}]
	}, time.Since(start), rss)
}
