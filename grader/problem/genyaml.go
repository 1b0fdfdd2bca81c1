package problem

import (
	"crypto/sha512"
	"encoding/binary"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/cs540-tools/autograder/grader/rubric"
	"go.yaml.in/yaml/v3"
)

// GeneratorsFile is where a package says how its test data is made.
const GeneratorsFile = "generators/generators.yaml"

// Bounds on generators.yaml: what a real package needs many times over,
// so that a hostile one (an alias bomb, a count of millions) is refused
// before anything runs.
const (
	maxGenYAML  = 1 << 20 // bytes of the file
	maxGenNodes = 200_000 // YAML nodes visited, aliases expanded
	maxGenCases = 5_000   // test cases, after count and include
	maxCount    = 100     // one entry's count, as the format bounds it
)

// genPlan is generators.yaml read: what to write under data/.
type genPlan struct {
	dirs  []genDir
	cases []*genCase
	progs map[string][]string // generators: a name's files, under generators/
}

// genDir is a folder of data/ with its test_group.yaml, if given.
type genDir struct {
	path  string // under data/, slash-separated; "" for data/ itself
	group []byte // test_group.yaml's content; nil when not given
}

// genCase is one test case to write.
type genCase struct {
	path     string            // under data/, slash-separated: "secret/g/01-a"
	gen      *genCall          // a generator's run, or nil
	copyFrom string            // a package-relative base path (copy:), or ""
	inline   map[string][]byte // by extension: "in", "ans", "yaml"
	solution string            // the program writing .ans (package-relative), "" none
	anySo    bool              // no solution named above: an accepted submission writes .ans
	from     *genCase          // an included case: its files are from's
}

// genCall is a generator's invocation.
type genCall struct {
	prog    string   // the program's key in genPrograms: its package-relative path
	args    []string // with {seed} and {name} replaced
	command string   // as generators.yaml writes it, for messages
	seed    int64
	retries int
	seeded  bool
}

// genConfig is what a folder or case inherits: solution, random_salt,
// retries.
type genConfig struct {
	solution    string // package-relative; "" for none
	solutionSet bool   // given (possibly as none) somewhere above
	salt        string
	retries     int
}

// genParser reads generators.yaml.
type genParser struct {
	file      string // for messages
	dir       string // the package
	consts    rubric.Constants
	progs     map[string][]string // generators: name -> files, generators/-relative
	nodes     int
	plan      genPlan
	keys      map[string][]any // a key's cases and folders, for include
	total     int              // numbered cases in the file
	nextCase  int
	defaultSo string // the solution used when none is named
}

// caseExts are the extensions a case entry may give inline (in: "1 2").
var caseExts = []string{"in", "ans", "out", "yaml", "in.statement", "ans.statement", "in.download", "ans.download", "interaction"}

// caseKeys are the keys that make an entry a test case, not a folder.
var caseEntryKeys = append([]string{"copy", "generate", "count", "match"}, caseExts...)

// rootDirs are the folders of data/ generators.yaml may describe, in the
// order they are made. Only sample and secret are graded; the others
// hold validation test data and are not made.
var rootDirs = []string{"sample", "secret", "invalid_output", "invalid_answer", "invalid_input", "valid_output", "testing_tool_test", "fuzz"}

var (
	caseName = regexp.MustCompile(`^[a-zA-Z0-9_][a-zA-Z0-9_.-]{0,254}$`)
	seedRE   = regexp.MustCompile(`\{seed(:[0-9]+)?\}`)
	countRE  = regexp.MustCompile(`^(-?\d+)\.\.=(-?\d+)$`)
)

// parseGenerators reads the package's generators.yaml.
func parseGenerators(dir string, consts rubric.Constants) (*genPlan, error) {
	file := filepath.Join(dir, filepath.FromSlash(GeneratorsFile))
	info, err := os.Stat(file)
	if err != nil {
		return nil, err
	}
	if info.Size() > maxGenYAML {
		return nil, badf(file, "%d bytes: more than the %d a generators.yaml may have", info.Size(), maxGenYAML)
	}
	data, err := os.ReadFile(file)
	if err != nil {
		return nil, err
	}
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil {
		return nil, badf(file, "%s", oneLine(err.Error()))
	}
	p := &genParser{file: file, dir: dir, consts: consts, keys: map[string][]any{}}
	root := &doc
	if root.Kind == yaml.DocumentNode && len(root.Content) == 1 {
		root = root.Content[0]
	}
	if root, err = p.deref(root); err != nil {
		return nil, err
	}
	if root.Kind == 0 || root.Tag == "!!null" {
		return &p.plan, nil
	}
	if root.Kind != yaml.MappingNode {
		return nil, badf(file, "the top level must be a map (solution, generators, data, ...)")
	}
	if err := p.generators(root); err != nil {
		return nil, err
	}
	p.plan.progs = p.progs
	if p.total, err = p.countNumbered(root); err != nil {
		return nil, err
	}
	if err := p.directory(root, "", genConfig{retries: 1}, true); err != nil {
		return nil, err
	}
	return &p.plan, nil
}

// deref follows an alias, counting every node visited: an alias bomb
// runs out of its budget instead of memory.
func (p *genParser) deref(n *yaml.Node) (*yaml.Node, error) {
	for n != nil && n.Kind == yaml.AliasNode {
		n = n.Alias
	}
	p.nodes++
	if p.nodes > maxGenNodes {
		return nil, badf(p.file, "more than %d YAML nodes (aliases expanded): too large to be a package's generators.yaml", maxGenNodes)
	}
	if n == nil {
		return &yaml.Node{}, nil
	}
	return n, nil
}

// entry is one key and value of a map, the value dereferenced.
type entry struct {
	key string
	val *yaml.Node
}

// entries lists a map's keys and values; a null key is "".
func (p *genParser) entries(m *yaml.Node) ([]entry, error) {
	var out []entry
	for i := 0; i+1 < len(m.Content); i += 2 {
		k, err := p.deref(m.Content[i])
		if err != nil {
			return nil, err
		}
		v, err := p.deref(m.Content[i+1])
		if err != nil {
			return nil, err
		}
		key := k.Value
		if k.Tag == "!!null" {
			key = ""
		}
		out = append(out, entry{key, v})
	}
	return out, nil
}

func get(es []entry, key string) (*yaml.Node, bool) {
	for _, e := range es {
		if e.key == key {
			return e.val, true
		}
	}
	return nil, false
}

func isNull(n *yaml.Node) bool { return n.Kind == 0 || n.Kind == yaml.ScalarNode && n.Tag == "!!null" }

// isCase says whether an entry's value is a test case (a string, null,
// or a map with a case's key) rather than a folder.
func (p *genParser) isCase(n *yaml.Node) (bool, error) {
	switch {
	case isNull(n) || n.Kind == yaml.ScalarNode:
		return true, nil
	case n.Kind != yaml.MappingNode:
		return false, nil
	}
	es, err := p.entries(n)
	if err != nil {
		return false, err
	}
	return slices.ContainsFunc(es, func(e entry) bool { return slices.Contains(caseEntryKeys, e.key) }), nil
}

// generators reads the top-level generators: map of a name to its files.
func (p *genParser) generators(root *yaml.Node) error {
	es, err := p.entries(root)
	if err != nil {
		return err
	}
	g, ok := get(es, "generators")
	if !ok || isNull(g) {
		return nil
	}
	if g.Kind != yaml.MappingNode {
		return badf(p.file, "generators must be a map of a name to its files")
	}
	gs, err := p.entries(g)
	if err != nil {
		return err
	}
	p.progs = map[string][]string{}
	for _, e := range gs {
		if !caseName.MatchString(e.key) || strings.Contains(e.key, "..") {
			return badf(p.file, "generators: %q is not a generator's name", e.key)
		}
		files, err := p.strings(e.val)
		if err != nil || len(files) == 0 {
			return badf(p.file, "generators.%s must be a list of its files (under generators/)", e.key)
		}
		for _, f := range files {
			if _, err := localPath(f); err != nil {
				return badf(p.file, "generators.%s: %s: %v", e.key, f, err)
			}
		}
		p.progs[e.key] = files
	}
	return nil
}

// strings reads a sequence of scalars.
func (p *genParser) strings(n *yaml.Node) ([]string, error) {
	if n.Kind != yaml.SequenceNode {
		return nil, fmt.Errorf("not a list")
	}
	var out []string
	for _, c := range n.Content {
		c, err := p.deref(c)
		if err != nil {
			return nil, err
		}
		if c.Kind != yaml.ScalarNode {
			return nil, fmt.Errorf("not a list of strings")
		}
		out = append(out, c.Value)
	}
	return out, nil
}

// localPath checks a path that must stay where it is written: relative,
// clean, no "..". It returns it cleaned.
func localPath(s string) (string, error) {
	if s == "" || path.IsAbs(s) || strings.Contains(s, "\\") || strings.ContainsRune(s, 0) {
		return "", fmt.Errorf("not a relative path")
	}
	c := path.Clean(s)
	if c == ".." || strings.HasPrefix(c, "../") || !filepath.IsLocal(c) {
		return "", fmt.Errorf("leaves its folder")
	}
	return c, nil
}

// countNumbered counts the test cases of numbered folders (data: as a
// list), anywhere in the file: their numbers are as wide as the count's.
func (p *genParser) countNumbered(dir *yaml.Node) (int, error) {
	es, err := p.entries(dir)
	if err != nil {
		return 0, err
	}
	d, ok := get(es, "data")
	if !ok {
		return 0, nil
	}
	items, numbered, err := p.dataItems(d)
	if err != nil {
		return 0, err
	}
	total := 0
	for _, it := range items {
		c, err := p.isCase(it.val)
		if err != nil {
			return 0, err
		}
		switch {
		case c && numbered:
			n, err := p.counts(it.val)
			if err != nil {
				return 0, err
			}
			total += len(n)
		case !c && it.val.Kind == yaml.MappingNode:
			n, err := p.countNumbered(it.val)
			if err != nil {
				return 0, err
			}
			total += n
		}
	}
	return total, nil
}

// dataItems lists a folder's data: a map (its entries in name order) or
// a list of one-entry maps (numbered, in list order).
func (p *genParser) dataItems(d *yaml.Node) ([]entry, bool, error) {
	switch {
	case isNull(d):
		return nil, false, nil
	case d.Kind == yaml.MappingNode:
		es, err := p.entries(d)
		return es, false, err
	case d.Kind != yaml.SequenceNode:
		return nil, false, badf(p.file, "line %d: data must be a map or a list of maps", d.Line)
	}
	var out []entry
	for _, c := range d.Content {
		c, err := p.deref(c)
		if err != nil {
			return nil, true, err
		}
		if c.Kind != yaml.MappingNode {
			return nil, true, badf(p.file, "line %d: a numbered data list holds maps of one entry", c.Line)
		}
		es, err := p.entries(c)
		if err != nil {
			return nil, true, err
		}
		if len(es) != 1 {
			return nil, true, badf(p.file, "line %d: a numbered data list holds maps of one entry, this one has %d", c.Line, len(es))
		}
		out = append(out, es[0])
	}
	return out, true, nil
}

// counts reads an entry's count: n (1..n), a list, or lo..=hi; [1]
// without one.
func (p *genParser) counts(n *yaml.Node) ([]int, error) {
	if n.Kind != yaml.MappingNode {
		return []int{1}, nil
	}
	es, err := p.entries(n)
	if err != nil {
		return nil, err
	}
	c, ok := get(es, "count")
	if !ok {
		return []int{1}, nil
	}
	bad := badf(p.file, "line %d: count must be a number from 1 to %d, a list of distinct numbers or a range lo..=hi, of at most %d", c.Line, maxCount, maxCount)
	var out []int
	switch c.Kind {
	case yaml.ScalarNode:
		if m := countRE.FindStringSubmatch(c.Value); m != nil {
			lo, err1 := strconv.Atoi(m[1])
			hi, err2 := strconv.Atoi(m[2])
			if err1 != nil || err2 != nil || lo > hi || hi-lo+1 > maxCount {
				return nil, bad
			}
			for i := lo; i <= hi; i++ {
				out = append(out, i)
			}
			return out, nil
		}
		k, err := strconv.Atoi(c.Value)
		if err != nil || k < 1 || k > maxCount {
			return nil, bad
		}
		for i := 1; i <= k; i++ {
			out = append(out, i)
		}
	case yaml.SequenceNode:
		ss, err := p.strings(c)
		if err != nil || len(ss) == 0 || len(ss) > maxCount {
			return nil, bad
		}
		for _, s := range ss {
			k, err := strconv.Atoi(s)
			if err != nil || slices.Contains(out, k) {
				return nil, bad
			}
			out = append(out, k)
		}
	default:
		return nil, bad
	}
	return out, nil
}

// config reads a folder's or case's solution, random_salt and retries
// over its parent's.
func (p *genParser) config(es []entry, parent genConfig, where string) (genConfig, error) {
	c := parent
	if v, ok := get(es, "solution"); ok {
		c.solutionSet = true
		c.solution = ""
		if !isNull(v) {
			if v.Kind != yaml.ScalarNode || !strings.HasPrefix(v.Value, "/") {
				return c, badf(p.file, "%s: solution must be a path from the package's folder, starting with /", where)
			}
			s, err := localPath(strings.TrimPrefix(v.Value, "/"))
			if err != nil {
				return c, badf(p.file, "%s: solution %s: %v", where, v.Value, err)
			}
			c.solution = s
		}
	}
	if v, ok := get(es, "random_salt"); ok {
		if v.Kind != yaml.ScalarNode {
			return c, badf(p.file, "%s: random_salt must be a string", where)
		}
		c.salt = v.Value
	}
	if v, ok := get(es, "retries"); ok {
		k, err := strconv.Atoi(v.Value)
		if err != nil || k < 1 || k > 100 {
			return c, badf(p.file, "%s: retries must be a number from 1 to 100", where)
		}
		c.retries = k
	}
	return c, nil
}

// directory reads a folder (the root, when root) at rel under data/.
func (p *genParser) directory(n *yaml.Node, rel string, parent genConfig, root bool) error {
	es, err := p.entries(n)
	if err != nil {
		return err
	}
	where := "data"
	if rel != "" {
		where = rel
	}
	cfg, err := p.config(es, parent, where)
	if err != nil {
		return err
	}
	if slices.ContainsFunc(es, func(e entry) bool { return e.key == "command" }) {
		return badf(p.file, "%s: command is reserved", where)
	}
	d := genDir{path: rel}
	if g, ok := get(es, "test_group.yaml"); ok && !isNull(g) {
		if g.Kind != yaml.MappingNode {
			return badf(p.file, "%s: test_group.yaml must be a map", where)
		}
		out, err := yaml.Marshal(g)
		if err != nil {
			return badf(p.file, "%s: test_group.yaml: %v", where, err)
		}
		d.group = out
	}
	p.plan.dirs = append(p.plan.dirs, d)
	var included []*genCase
	if inc, ok := get(es, "include"); ok && !isNull(inc) {
		if included, err = p.includes(inc, where); err != nil {
			return err
		}
	}
	if data, ok := get(es, "data"); ok {
		if err := p.children(data, rel, cfg, root); err != nil {
			return err
		}
	}
	for _, t := range included {
		t = t.origin()
		c := &genCase{path: path.Join(rel, path.Base(t.path)), from: t}
		if i := slices.IndexFunc(p.plan.cases, func(o *genCase) bool { return o.path == c.path }); i >= 0 {
			if p.plan.cases[i].origin() == t {
				continue // included twice, the same case
			}
			return badf(p.file, "%s: include: %s clashes with another case of that name", where, c.path)
		}
		if err := p.add(c); err != nil {
			return err
		}
	}
	return nil
}

// includes resolves a folder's include list: keys of earlier cases and
// folders, each folder standing for every case below it.
func (p *genParser) includes(inc *yaml.Node, where string) ([]*genCase, error) {
	keys, err := p.strings(inc)
	if err != nil {
		return nil, badf(p.file, "%s: include must be a list of test case or group keys", where)
	}
	var out []*genCase
	for _, k := range keys {
		rules := p.keys[k]
		switch {
		case strings.Contains(k, "/"):
			return nil, badf(p.file, "%s: include %s: a key, not a path", where, k)
		case len(rules) == 0:
			return nil, badf(p.file, "%s: include %s: no earlier test case or group has that key", where, k)
		case len(rules) > 1:
			return nil, badf(p.file, "%s: include %s: several test cases or groups have that key", where, k)
		}
		switch r := rules[0].(type) {
		case *genCase:
			out = append(out, r)
		case string:
			for _, c := range p.plan.cases {
				if strings.HasPrefix(c.path, r+"/") {
					out = append(out, c)
				}
			}
		}
	}
	return out, nil
}

// children reads a folder's data: its cases and subfolders.
func (p *genParser) children(data *yaml.Node, rel string, cfg genConfig, root bool) error {
	items, numbered, err := p.dataItems(data)
	if err != nil {
		return err
	}
	if root && numbered {
		return badf(p.file, "data: the top level is not numbered: give a map (sample, secret)")
	}
	if root {
		items = rootItems(items)
	} else if !numbered {
		slices.SortStableFunc(items, func(a, b entry) int { return strings.Compare(a.key, b.key) })
	}
	groups := 0
	for _, it := range items {
		if c, err := p.isCase(it.val); err == nil && !c {
			groups++
		}
	}
	nextGroup := 0
	for _, it := range items {
		isCase, err := p.isCase(it.val)
		if err != nil {
			return err
		}
		name := it.key
		if !numbered && name == "" {
			return badf(p.file, "%s: a test case or group of a map needs a name", where(rel))
		}
		if !isCase {
			if it.val.Kind != yaml.MappingNode {
				return badf(p.file, "%s/%s: neither a test case nor a group", where(rel), name)
			}
			if numbered {
				nextGroup++
				name = numberedName(name, nextGroup, groups)
			}
			if err := p.checkName(rel, name); err != nil {
				return err
			}
			sub := path.Join(rel, name)
			p.keys[it.key] = append(p.keys[it.key], sub)
			if err := p.directory(it.val, sub, cfg, false); err != nil {
				return err
			}
			continue
		}
		if root {
			return badf(p.file, "data.%s: the top level holds groups (sample, secret), not test cases", it.key)
		}
		if err := p.testCase(it, rel, cfg, numbered); err != nil {
			return err
		}
	}
	return nil
}

func where(rel string) string {
	if rel == "" {
		return "data"
	}
	return rel
}

// rootItems keeps the top level's known folders, in the format's order.
func rootItems(items []entry) []entry {
	var out []entry
	for _, d := range rootDirs {
		if i := slices.IndexFunc(items, func(e entry) bool { return e.key == d }); i >= 0 {
			out = append(out, items[i])
		}
	}
	return out
}

// numberedName is the name of the i-th of n numbered entries: its
// number, as wide as n's, then "-" and its key unless empty.
func numberedName(key string, i, n int) string {
	s := fmt.Sprintf("%0*d", len(strconv.Itoa(n)), i)
	if key != "" {
		s += "-" + key
	}
	return s
}

func (p *genParser) checkName(rel, name string) error {
	if !caseName.MatchString(name) || name == "test_group" {
		return badf(p.file, "%s: %q is not a test case or group name ([a-zA-Z0-9_][a-zA-Z0-9_.-]*, not test_group)", where(rel), name)
	}
	return nil
}

// add adds a case, bounding their number.
func (p *genParser) add(c *genCase) error {
	if len(p.plan.cases) >= maxGenCases {
		return badf(p.file, "more than %d test cases", maxGenCases)
	}
	p.plan.cases = append(p.plan.cases, c)
	return nil
}

// testCase reads one case entry (several, with count).
func (p *genParser) testCase(it entry, rel string, parent genConfig, numbered bool) error {
	var es []entry
	switch {
	case isNull(it.val):
		// A manual case: its files are in data/ already (oneCase).
	case it.val.Kind == yaml.ScalarNode:
		es = []entry{{"generate", it.val}}
	default:
		var err error
		if es, err = p.entries(it.val); err != nil {
			return err
		}
	}
	counts, err := p.counts(it.val)
	if err != nil {
		return err
	}
	_, hasCount := get(es, "count")
	consecutive := slices.Max(counts)-slices.Min(counts) == len(counts)-1
	pad := 0
	if consecutive {
		for _, v := range counts {
			pad = max(pad, len(strconv.Itoa(v)))
		}
	}
	for _, cv := range counts {
		name := it.key
		if numbered {
			p.nextCase++
			name = numberedName(name, p.nextCase, p.total)
		}
		if hasCount {
			name += fmt.Sprintf("-%0*d", pad, cv)
		}
		name = strings.TrimSuffix(name, ".in")
		if err := p.checkName(rel, name); err != nil {
			return err
		}
		c, err := p.oneCase(es, path.Join(rel, name), parent, cv, hasCount)
		if err != nil {
			return err
		}
		p.keys[it.key] = append(p.keys[it.key], c)
		if err := p.add(c); err != nil {
			return err
		}
	}
	return nil
}

// oneCase makes one case of an entry, count value cv.
func (p *genParser) oneCase(es []entry, casePath string, parent genConfig, cv int, hasCount bool) (*genCase, error) {
	cfg, err := p.config(es, parent, casePath)
	if err != nil {
		return nil, err
	}
	c := &genCase{path: casePath, solution: cfg.solution, anySo: !cfg.solutionSet, inline: map[string][]byte{}}
	for _, e := range es {
		switch {
		case e.key == "generate":
			if c.gen, err = p.call(e.val, casePath, cfg, cv, hasCount); err != nil {
				return nil, err
			}
		case e.key == "copy":
			s, err := localPath(e.val.Value)
			if e.val.Kind != yaml.ScalarNode || err != nil {
				return nil, badf(p.file, "%s: copy must be a path under generators/, without extension", casePath)
			}
			c.copyFrom = path.Join("generators", s)
		case slices.Contains(caseExts, e.key):
			if err := p.inline(c, e); err != nil {
				return nil, err
			}
		case slices.Contains([]string{"count", "match", "solution", "random_salt", "retries"}, e.key):
		case slices.Contains([]string{"data", "test_group.yaml", "include"}, e.key):
			return nil, badf(p.file, "%s: %s belongs to a group, not a test case", casePath, e.key)
		default:
			return nil, badf(p.file, "%s: unknown key %q", casePath, e.key)
		}
	}
	if c.gen == nil && c.copyFrom == "" && c.inline["in"] == nil && c.inline["in.statement"] == nil {
		// BAPCtools' manual case: no generator, its files in data/.
		manual := path.Join("data", casePath)
		if _, err := os.Stat(filepath.Join(p.dir, filepath.FromSlash(manual+".in"))); err != nil {
			return nil, badf(p.file, "%s: a test case needs generate, copy or in, or its files in %s.in", casePath, manual)
		}
		c.copyFrom = manual
	}
	return c, nil
}

// inline reads a case's file given in the yaml: a string (a newline
// added if missing), a map for yaml, or a link (.download and
// .statement files, which the grader does not write).
func (p *genParser) inline(c *genCase, e entry) error {
	switch v := e.val; {
	case e.key == "yaml" && v.Kind == yaml.MappingNode:
		out, err := yaml.Marshal(v)
		if err != nil {
			return badf(p.file, "%s: yaml: %v", c.path, err)
		}
		c.inline["yaml"] = out
	case v.Kind == yaml.MappingNode:
		es, err := p.entries(v)
		if err != nil {
			return err
		}
		if _, ok := get(es, "link"); !ok || len(es) != 1 || !strings.Contains(e.key, ".") {
			return badf(p.file, "%s: %s must be a string, or for .statement and .download a map {link: ...}", c.path, e.key)
		}
	case v.Kind == yaml.ScalarNode:
		s := v.Value
		if isNull(v) {
			s = ""
		}
		if s != "" && !strings.HasSuffix(s, "\n") {
			s += "\n"
		}
		c.inline[e.key] = []byte(s)
	default:
		return badf(p.file, "%s: %s must be a string", c.path, e.key)
	}
	return nil
}

// call reads a generate: command: the program (a generators: name, else
// a file or folder of generators/) and its arguments, {{constants}},
// {count}, {seed} and {name} replaced.
func (p *genParser) call(v *yaml.Node, casePath string, cfg genConfig, cv int, hasCount bool) (*genCall, error) {
	if v.Kind != yaml.ScalarNode || strings.TrimSpace(v.Value) == "" {
		return nil, badf(p.file, "%s: generate must be a command: a generator and its arguments", casePath)
	}
	if strings.ContainsFunc(v.Value, func(r rune) bool { return unicode.IsControl(r) && !unicode.IsSpace(r) }) {
		return nil, badf(p.file, "%s: generate %q: a control character in the command", casePath, v.Value)
	}
	command := string(p.consts.Replace([]byte(v.Value)))
	if hasCount {
		command = strings.ReplaceAll(command, "{count}", strconv.Itoa(cv))
	}
	words, err := splitCommand(command)
	if err != nil || len(words) == 0 {
		return nil, badf(p.file, "%s: generate %q: %v", casePath, v.Value, err)
	}
	g := &genCall{command: command, retries: cfg.retries}
	if _, ok := p.progs[words[0]]; ok {
		g.prog = "generators/" + words[0] + "/"
	} else {
		s, err := localPath(words[0])
		if err != nil {
			return nil, badf(p.file, "%s: generator %s: %v", casePath, words[0], err)
		}
		g.prog = path.Join("generators", s)
	}
	seeds := 0
	for _, a := range words[1:] {
		seeds += len(seedRE.FindAllString(a, -1))
	}
	if seeds > 1 {
		return nil, badf(p.file, "%s: {seed} may appear once in a command", casePath)
	}
	salt := cfg.salt
	if cv != 1 {
		salt += ":" + strconv.Itoa(cv-1)
	}
	g.seed, g.seeded = seedOf(salt+strings.TrimSpace(command)), seeds > 0
	for _, a := range words[1:] {
		a = strings.ReplaceAll(a, "{name}", "testcase")
		g.args = append(g.args, seedRE.ReplaceAllLiteralString(a, strconv.FormatInt(g.seed, 10)))
	}
	return g, nil
}

// seedOf is the format's {seed} of a command: the SHA-512 of the salted
// command, as a number, modulo 2^31.
func seedOf(s string) int64 {
	sum := sha512.Sum512([]byte(s))
	return int64(binary.BigEndian.Uint32(sum[len(sum)-4:]) & (1<<31 - 1))
}

// splitCommand splits a command into words as a POSIX shell would, with
// its quotes and backslashes, and nothing else.
func splitCommand(s string) ([]string, error) {
	var out []string
	var cur strings.Builder
	in, quote, escaped := false, rune(0), false
	for _, r := range s {
		switch {
		case escaped:
			cur.WriteRune(r)
			escaped, in = false, true
		case quote == '\'' && r == '\'', quote == '"' && r == '"':
			quote = 0
		case quote == '\'':
			cur.WriteRune(r)
		case r == '\\':
			escaped, in = true, true
		case quote == 0 && (r == '\'' || r == '"'):
			quote, in = r, true
		case quote == 0 && (r == ' ' || r == '\t' || r == '\n' || r == '\r'):
			if in {
				out = append(out, cur.String())
				cur.Reset()
				in = false
			}
		default:
			cur.WriteRune(r)
			in = true
		}
	}
	if quote != 0 || escaped {
		return nil, fmt.Errorf("an unclosed quote or a trailing backslash")
	}
	if in {
		out = append(out, cur.String())
	}
	return out, nil
}

// origin is the case an included case is a copy of (itself when it is
// not included).
func (c *genCase) origin() *genCase {
	for c.from != nil {
		c = c.from
	}
	return c
}
