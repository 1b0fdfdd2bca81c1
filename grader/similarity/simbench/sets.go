//go:build unix

package main

import (
	"archive/zip"
	"bufio"
	"bytes"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"slices"
	"strings"
)

// source is a file of a set: its name in the set and its text.
type source struct {
	Name string
	Data []byte
}

// labelled is a pair of a set's files and whether one is a copy of the
// other.
type labelled struct {
	A, B   int
	Copied bool
	// Level is an IR-Plag copy's level of disguise (L1 to L6), "" for
	// an independent pair or a SOCO pair.
	Level string
	// HeldOut says the pair is in the part of its set no parameter was
	// tuned on (IR-Plag's tasks 5 to 7; all of SOCO C).
	HeldOut bool
	Group   int // the index of its group in the set
}

// set is a labelled data set: files of one language, grouped (IR-Plag's
// tasks; SOCO is one group), and the pairs judged.
type set struct {
	Name   string
	Ext    string // the files' extension, for the lexers and SIM
	SIM    string // SIM's program for the language
	Files  []source
	Groups [][]int // files compared together
	Pairs  []labelled
}

const (
	irplagURL = "https://github.com/oscarkarnalim/sourcecodeplagiarismdataset"
	socoURL   = "https://github.com/JR-espacial/BERTPlagarismDetectionCNN"
	socoDir   = "fire14-source-code-training-dataset"
	// heldOutCase is IR-Plag's first task held out: parameters are tuned
	// on tasks 1 to 4 (and SOCO Java), and 5 to 7 (and SOCO C) only
	// checked.
	heldOutCase = "case-05"
)

// loadSets reads IR-Plag and SOCO's Java and C sets from the given clones,
// or from clones made (once) under data.
func loadSets(data, irGit, socoGit string) ([]*set, error) {
	var err error
	if irGit == "" {
		if irGit, err = clone(data, "irplag", irplagURL); err != nil {
			return nil, err
		}
	}
	if socoGit == "" {
		if socoGit, err = clone(data, "soco", socoURL); err != nil {
			return nil, err
		}
	}
	ir, err := irplag(irGit)
	if err != nil {
		return nil, err
	}
	var out = []*set{ir}
	for _, lang := range []string{"java", "c"} {
		s, err := soco(socoGit, lang)
		if err != nil {
			return nil, err
		}
		out = append(out, s)
	}
	return out, nil
}

// clone makes a bare shallow clone of url under data/name, unless there
// is one, and returns its git folder.
func clone(data, name, url string) (string, error) {
	dir := filepath.Join(data, name+".git")
	if _, err := os.Stat(dir); err == nil {
		return dir, nil
	}
	if err := os.MkdirAll(data, 0o755); err != nil {
		return "", err
	}
	fmt.Fprintf(os.Stderr, "simbench: fetching %s into %s\n", url, dir)
	cmd := exec.Command("git", "clone", "--bare", "--depth", "1", url, dir)
	cmd.Stderr = os.Stderr
	return dir, cmd.Run()
}

// show is a file of a git folder's HEAD.
func show(gitDir, file string) ([]byte, error) {
	out, err := exec.Command("git", "--git-dir="+gitDir, "show", "HEAD:"+file).Output()
	if err != nil {
		return nil, fmt.Errorf("%s: git show HEAD:%s: %v", gitDir, file, err)
	}
	return out, nil
}

// irplag reads IR-Plag-Dataset.zip: per task (case-01 ...), the original
// against each plagiarized (copied) and non-plagiarized (independent)
// file.
func irplag(gitDir string) (*set, error) {
	z, err := show(gitDir, "IR-Plag-Dataset.zip")
	if err != nil {
		return nil, err
	}
	zr, err := zip.NewReader(bytes.NewReader(z), int64(len(z)))
	if err != nil {
		return nil, err
	}
	s := &set{Name: "IR-Plag (Java)", Ext: ".java", SIM: "sim_java"}
	byCase := map[string][]int{}
	var cases []string
	for _, f := range zr.File {
		if f.FileInfo().IsDir() || !strings.HasSuffix(f.Name, ".java") {
			continue
		}
		parts := strings.Split(f.Name, "/")
		if len(parts) < 4 {
			continue
		}
		data, err := readZip(f)
		if err != nil {
			return nil, err
		}
		c := parts[1]
		if _, ok := byCase[c]; !ok {
			cases = append(cases, c)
		}
		byCase[c] = append(byCase[c], len(s.Files))
		s.Files = append(s.Files, source{Name: f.Name, Data: data})
	}
	slices.Sort(cases)
	for ci, c := range cases {
		g := byCase[c]
		s.Groups = append(s.Groups, g)
		orig := slices.IndexFunc(g, func(i int) bool { return strings.Contains(s.Files[i].Name, "/original/") })
		if orig < 0 {
			return nil, fmt.Errorf("IR-Plag %s has no original", c)
		}
		for _, i := range g {
			name := s.Files[i].Name
			if i == g[orig] {
				continue
			}
			p := labelled{A: g[orig], B: i, Copied: strings.Contains(name, "/plagiarized/"), HeldOut: c >= heldOutCase, Group: ci}
			if parts := strings.Split(name, "/"); p.Copied && len(parts) > 3 {
				p.Level = parts[3]
			}
			s.Pairs = append(s.Pairs, p)
		}
	}
	return s, nil
}

func readZip(f *zip.File) ([]byte, error) {
	r, err := f.Open()
	if err != nil {
		return nil, err
	}
	defer r.Close()
	return io.ReadAll(io.LimitReader(r, 1<<20))
}

// soco reads SOCO 2014's training files of lang (java or c): every pair,
// copied when its qrel lists it.
func soco(gitDir, lang string) (*set, error) {
	out, err := exec.Command("git", "--git-dir="+gitDir, "ls-tree", "-r", "--name-only", "HEAD", socoDir+"/"+lang+"/").Output()
	if err != nil {
		return nil, fmt.Errorf("%s: git ls-tree: %v", gitDir, err)
	}
	s := &set{Name: "SOCO 2014 (" + lang + ")", Ext: "." + lang, SIM: "sim_" + lang}
	index := map[string]int{}
	for _, name := range strings.Fields(string(out)) {
		data, err := show(gitDir, name)
		if err != nil {
			return nil, err
		}
		index[path.Base(name)] = len(s.Files)
		s.Files = append(s.Files, source{Name: path.Base(name), Data: data})
	}
	qrel, err := show(gitDir, fmt.Sprintf("%s/SOCO14-%s.qrel", socoDir, lang))
	if err != nil {
		return nil, err
	}
	copied := map[[2]int]bool{}
	sc := bufio.NewScanner(bytes.NewReader(qrel))
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) < 2 {
			continue
		}
		a, okA := index[f[0]]
		b, okB := index[f[1]]
		if !okA || !okB {
			return nil, fmt.Errorf("SOCO %s qrel names %s or %s, not in the set", lang, f[0], f[1])
		}
		copied[[2]int{min(a, b), max(a, b)}] = true
	}
	all := make([]int, len(s.Files))
	for i := range all {
		all[i] = i
		for j := range i {
			s.Pairs = append(s.Pairs, labelled{A: j, B: i, Copied: copied[[2]int{j, i}], HeldOut: lang == "c"})
		}
	}
	s.Groups = [][]int{all}
	return s, nil
}
