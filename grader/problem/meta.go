package problem

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/cs540-tools/autograder/grader/rubric"
	"github.com/cs540-tools/autograder/grader/toolchain"
	"go.yaml.in/yaml/v3"
)

// Defaults when problem.yaml gives no limit; the package documentation
// says why.
const (
	defaultTime = 10 * time.Second
	// defaultMemoryMiB is the judges' default: the legacy format's
	// typical system default, problemtools', BAPCtools' and DOMjudge's.
	defaultMemoryMiB = 2048
	defaultOutputMiB = 8
	defaultBuild     = 60 * time.Second
	// defaultToTLE is the format's time_limit_to_tle: a submission
	// labelled to run out of time must still do so with this many times
	// the time limit.
	defaultToTLE = 1.5
	// defaultACToTL is the format's ac_to_time_limit: the time limit is
	// at least this many times the slowest accepted run; legacy's
	// time_multiplier, legacyACToTL.
	defaultACToTL = 2.0
	legacyACToTL  = 5.0
	// A checker needs milliseconds; these only stop one that hangs.
	checkerWall = 60 * time.Second
	checkerCPU  = 20 * time.Second
)

// meta is what problem.yaml says.
type meta struct {
	modern      bool // 2023-07 or 2025-09, not legacy
	final       bool // 2025-09 (test groups aggregate pass-fail unless told)
	multipass   bool
	passes      int // multi-pass: the most passes (limits.validation_passes)
	name        string
	scoring     bool
	interactive bool
	custom      bool // a custom output validator judges
	flags       []string
	limits      rubric.Limits
	timeSet     bool
	validation  time.Duration // limits.validation_time: a validator's CPU time
	toTLE       float64       // limits.time_multipliers.time_limit_to_tle
	acToTL      float64       // ac_to_time_limit (legacy: time_multiplier)
	resolution  float64       // limits.time_resolution, seconds
	constants   rubric.Constants
	languages   []rubric.Language
}

// knownKeys are problem.yaml's keys in either version.
var knownKeys = []string{
	"problem_format_version", "type", "name", "uuid", "version", "author", "credits", "source", "source_url",
	"license", "rights_owner", "embargo_until", "limits", "validation", "validator_flags", "grading",
	"keywords", "languages", "allow_file_writing", "constants",
}

// parseMeta reads problem.yaml's content; file names it in messages.
func parseMeta(file string, data []byte) (meta, error) {
	var raw map[string]any
	if err := yaml.Unmarshal(data, &raw); err != nil {
		return meta{}, badf(file, "%s", oneLine(err.Error()))
	}
	for _, k := range sortedKeys(raw) {
		if !slices.Contains(knownKeys, k) {
			return meta{}, badf(file, "unknown key %q", k)
		}
	}
	m := meta{limits: rubric.Limits{Memory: defaultMemoryMiB << 20, Output: defaultOutputMiB << 20, PastOutput: rubric.DiscardOutput, BuildWall: defaultBuild}, toTLE: defaultToTLE, resolution: 1}
	steps := []func(file string, raw map[string]any, m *meta) error{metaVersion, metaName, metaType, metaValidation, metaLimits, metaLanguages, metaUnsupported}
	for _, step := range steps {
		if err := step(file, raw, &m); err != nil {
			return meta{}, err
		}
	}
	if err := metaConstants(file, data, &m); err != nil {
		return meta{}, err
	}
	// A build may write a file as large as a run's memory (DOMjudge
	// allows 2.5 GB): the program must fit the box it runs in, whose
	// files count in its memory.
	m.limits.BuildFile = m.limits.Memory
	if m.acToTL == 0 {
		m.acToTL = defaultACToTL
		if !m.modern {
			m.acToTL = legacyACToTL
		}
	}
	switch {
	case m.passes > 0 && !m.multipass:
		return meta{}, badf(file, "limits.validation_passes applies only to a multi-pass problem")
	case m.multipass && m.passes == 0:
		m.passes = 2 // the format's default
	}
	return m, nil
}

func metaVersion(file string, raw map[string]any, m *meta) error {
	v, ok := raw["problem_format_version"]
	if !ok {
		return nil
	}
	switch s, _ := v.(string); s {
	case "legacy", "legacy-icpc":
	case "2023-07", "2023-07-draft", "draft":
		m.modern = true
	case "2025-09":
		m.modern, m.final = true, true
	default:
		return badf(file, `problem_format_version must be "legacy", "2023-07" or "2025-09", got %v`, v)
	}
	return nil
}

func metaName(file string, raw map[string]any, m *meta) error {
	switch v := raw["name"].(type) {
	case nil:
		m.name = filepath.Base(filepath.Dir(file))
	case string:
		m.name = v
	case map[string]any:
		if s, ok := v["en"].(string); ok {
			m.name = s
		} else if keys := sortedKeys(v); len(keys) > 0 {
			m.name, _ = v[keys[0]].(string)
		}
	}
	if strings.TrimSpace(m.name) == "" {
		return badf(file, "name must be a string, or a map of strings by language")
	}
	return nil
}

func metaType(file string, raw map[string]any, m *meta) error {
	types, err := words(raw["type"], true)
	if err != nil {
		return badf(file, "type: %v", err)
	}
	for _, t := range types {
		switch t {
		case "pass-fail":
		case "scoring":
			m.scoring = true
		case "interactive":
			m.interactive, m.custom = true, true
		case "multi-pass":
			m.multipass, m.custom = true, true
		case "submit-answer":
			return badf(file, "type %s: the grader grades programs, not answers", t)
		default:
			return badf(file, `type must be "pass-fail", "scoring", "interactive" or "multi-pass", got %q`, t)
		}
	}
	if m.scoring && slices.Contains(types, "pass-fail") {
		return badf(file, "type: pass-fail and scoring exclude each other")
	}
	return nil
}

func metaValidation(file string, raw map[string]any, m *meta) error {
	v, err := words(raw["validation"], false)
	if err != nil {
		return badf(file, "validation: %v", err)
	}
	if len(v) > 0 {
		switch v[0] {
		case "default":
			if len(v) > 1 {
				return badf(file, "validation: %q takes no options; %q does", "default", "custom")
			}
		case "custom":
			m.custom = true
			for _, o := range v[1:] {
				switch o {
				case "interactive":
					m.interactive = true
				case "score":
				default:
					return badf(file, `validation: "custom" may be followed by "interactive" and "score", not %q`, o)
				}
			}
		default:
			return badf(file, `validation must start with "default" or "custom", got %q`, v[0])
		}
	}
	if m.flags, err = words(raw["validator_flags"], false); err != nil {
		return badf(file, "validator_flags: %v", err)
	}
	return nil
}

// metaUnsupported refuses what problem.yaml may ask that the grader does
// not do: a legacy minimization problem (grading.objective min).
func metaUnsupported(file string, raw map[string]any, _ *meta) error {
	if g, ok := raw["grading"].(map[string]any); ok {
		for _, k := range sortedKeys(g) {
			switch k {
			case "objective":
				if g[k] != "max" {
					return badf(file, "grading.objective %v: the grader maximizes scores", g[k])
				}
			case "show_test_data_groups":
			default:
				return badf(file, "grading: unknown key %q", k)
			}
		}
	} else if raw["grading"] != nil {
		return badf(file, "grading must be a map (objective, show_test_data_groups)")
	}
	return nil
}

// limitKeys are the keys of limits the grader reads; unusedLimits those it
// accepts and does not use.
var (
	limitKeys    = []string{"time_limit", "memory", "output", "compilation_time", "validation_time", "validation_passes"}
	unusedLimits = []string{"time_multiplier", "time_safety_margin", "time_multipliers", "time_resolution", "code",
		"compilation_memory", "validation_memory", "validation_output"}
	// multipliers are time_multipliers' keys: they infer a time limit from
	// the judges' solutions' times, which the grader does not measure.
	multipliers = []string{"ac_to_time_limit", "time_limit_to_tle"}
)

func metaLimits(file string, raw map[string]any, m *meta) error {
	v, ok := raw["limits"]
	if !ok {
		return nil
	}
	lim, ok := v.(map[string]any)
	if !ok {
		return badf(file, "limits must be a map")
	}
	for _, k := range sortedKeys(lim) {
		if !slices.Contains(limitKeys, k) && !slices.Contains(unusedLimits, k) {
			return badf(file, "limits: unknown key %q", k)
		}
	}
	if err := timeMultipliers(file, lim["time_multipliers"], m); err != nil {
		return err
	}
	if err := legacyTiming(file, lim, m); err != nil {
		return err
	}
	for _, k := range limitKeys {
		x, ok := lim[k]
		if !ok {
			continue
		}
		f, isNum := number(x)
		if !isNum || f <= 0 || f > 1e6 {
			return badf(file, "limits.%s must be a positive number, got %v", k, x)
		}
		switch k {
		case "time_limit":
			m.limits.CPU, m.timeSet = seconds(f), true
		case "memory":
			m.limits.Memory = int64(f * (1 << 20))
		case "output":
			m.limits.Output = int64(f * (1 << 20))
		case "compilation_time":
			m.limits.BuildWall = seconds(f)
		case "validation_time":
			m.validation = seconds(f)
		case "validation_passes":
			if f != float64(int(f)) || f < 2 || f > 1000 {
				return badf(file, "limits.validation_passes must be a whole number from 2 to 1000, got %v", x)
			}
			m.passes = int(f)
		}
	}
	return nil
}

// timeMultipliers checks limits.time_multipliers: a map of numbers of at
// least 1, under the keys the format defines.
func timeMultipliers(file string, v any, m *meta) error {
	if v == nil {
		return nil
	}
	tm, ok := v.(map[string]any)
	if !ok {
		return badf(file, "limits.time_multipliers must be a map (ac_to_time_limit, time_limit_to_tle)")
	}
	for _, k := range sortedKeys(tm) {
		f, isNum := number(tm[k])
		switch {
		case !slices.Contains(multipliers, k):
			return badf(file, "limits.time_multipliers: unknown key %q", k)
		case !isNum || f < 1 || f > 100:
			return badf(file, "limits.time_multipliers.%s must be a number from 1 to 100, got %v", k, tm[k])
		case k == "time_limit_to_tle":
			m.toTLE = f
		case k == "ac_to_time_limit":
			m.acToTL = f
		}
	}
	return nil
}

func metaLanguages(file string, raw map[string]any, m *meta) error {
	every := rubric.Presets()
	m.languages = slices.Clone(every)
	codes, err := words(raw["languages"], true)
	if err != nil {
		return badf(file, "languages: %v", err)
	}
	if len(codes) == 0 || slices.Contains(codes, "all") {
		return nil
	}
	m.languages = nil
	for _, l := range every {
		for _, c := range codes {
			if tc := toolchain.ByCode(c); tc != nil && tc.Name == l && !slices.Contains(m.languages, l) {
				m.languages = append(m.languages, l)
			}
		}
	}
	if len(m.languages) == 0 {
		return badf(file, "languages %s: none of them is %s, which the grader builds", strings.Join(codes, ", "), codeList())
	}
	return nil
}

// codeList names each toolchain by its first language code, in the
// toolchains' order.
func codeList() string {
	codes := firstCodes()
	return strings.Join(codes[:len(codes)-1], ", ") + " or " + codes[len(codes)-1]
}

// firstCodes are each toolchain's first language code, in the
// toolchains' order.
func firstCodes() []string {
	var codes []string
	for _, tc := range toolchain.All() {
		codes = append(codes, tc.Codes[0])
	}
	return codes
}

// codeLanguage is the preset of a package's language code, ok false
// when no toolchain has it.
func codeLanguage(code string) (rubric.Language, bool) {
	if tc := toolchain.ByCode(code); tc != nil {
		return tc.Name, true
	}
	return "", false
}

// timeLimit applies the time limit, or the default: the CPU time of a
// run, and a wall-clock limit of twice that and 5 seconds more.
func (m *meta) timeLimit() {
	if !m.timeSet {
		m.limits.CPU = defaultTime
	}
	m.limits.Wall = 2*m.limits.CPU + 5*time.Second
}

// givenTimelimit is the time limit a package gives outside problem.yaml
// when problem.yaml gives none: legacy's .timelimit file (as DOMjudge and
// BAPCtools write it), else DOMjudge's domjudge-problem.ini (its
// timelimit), which a package of any version may hold.
func givenTimelimit(dir string, m meta) (time.Duration, bool, error) {
	if !m.modern {
		if tl, ok, err := readTimelimit(filepath.Join(dir, ".timelimit")); ok || err != nil {
			return tl, ok, err
		}
	}
	return readDOMjudgeINI(filepath.Join(dir, "domjudge-problem.ini"))
}

// readDOMjudgeINI reads the timelimit of a domjudge-problem.ini: lines of
// key = value, a value perhaps quoted ('2' or "2"); other keys (probid,
// name, color, points, ...) concern DOMjudge's contest, not a grade.
func readDOMjudgeINI(path string) (time.Duration, bool, error) {
	data, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		return 0, false, nil
	} else if err != nil {
		return 0, false, err
	}
	return parseDOMjudgeINI(path, data)
}

// parseDOMjudgeINI reads the timelimit of a domjudge-problem.ini's bytes.
func parseDOMjudgeINI(path string, data []byte) (time.Duration, bool, error) {
	for _, line := range strings.Split(string(data), "\n") {
		key, val, ok := strings.Cut(line, "=")
		if !ok || strings.TrimSpace(key) != "timelimit" {
			continue
		}
		val = strings.Trim(strings.TrimSpace(val), `'"`)
		f, err := strconv.ParseFloat(strings.TrimSpace(val), 64)
		if err != nil || f <= 0 || f > 1e6 {
			return 0, false, badf(path, "timelimit must be a positive number of seconds, got %q", strings.TrimSpace(val))
		}
		return seconds(f), true, nil
	}
	return 0, false, nil
}

// readTimelimit reads a .timelimit file (seconds, as DOMjudge writes it).
func readTimelimit(path string) (time.Duration, bool, error) {
	data, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		return 0, false, nil
	} else if err != nil {
		return 0, false, err
	}
	f, err := strconv.ParseFloat(strings.TrimSpace(string(data)), 64)
	if err != nil || f <= 0 || f > 1e6 {
		return 0, false, badf(path, "a time limit must be a positive number of seconds, got %q", strings.TrimSpace(string(data)))
	}
	return seconds(f), true, nil
}

// legacyTiming reads time_resolution (2023-07 and 2025-09) and legacy's
// time_multiplier, the seconds and factor that make a time limit from
// the slowest accepted run when the package gives none (TimeLimitFrom),
// and legacy's time_safety_margin, the margin a submission that must run
// out of time gets (time_limit_to_tle's legacy name, as BAPCtools reads
// it).
func legacyTiming(file string, lim map[string]any, m *meta) error {
	for _, k := range []string{"time_resolution", "time_multiplier", "time_safety_margin"} {
		v, ok := lim[k]
		if !ok {
			continue
		}
		f, isNum := number(v)
		if !isNum || f <= 0 || f > 100 || k == "time_safety_margin" && f < 1 {
			return badf(file, "limits.%s must be a positive number of at most 100, got %v", k, v)
		}
		switch k {
		case "time_resolution":
			m.resolution = f
		case "time_multiplier":
			m.acToTL = f
		default:
			m.toTLE = f
		}
	}
	return nil
}

// constantName is what a constant's name must be.
var constantName = regexp.MustCompile(`^[a-zA-Z_][a-zA-Z0-9_]*$`)

// metaConstants reads problem.yaml's constants (2025-09): each name's
// value, a scalar or a map of a value and its variants, as the sequences
// {{name}}, {{name.value}} and {{name.variant}} write them; a value is
// replaced as the file writes it (1e6 stays 1e6). The grader replaces them
// in the output validator, included files, test_group.yaml and the
// labelled submissions.
func metaConstants(file string, data []byte, m *meta) error {
	var doc struct {
		Constants yaml.Node `yaml:"constants"`
	}
	if err := yaml.Unmarshal(data, &doc); err != nil || doc.Constants.Kind == 0 {
		return nil // parseMeta has said what is wrong with the file
	}
	top := doc.Constants
	if top.Kind != yaml.MappingNode {
		return badf(file, "constants must be a map of names to values")
	}
	m.constants = rubric.Constants{}
	for i := 0; i+1 < len(top.Content); i += 2 {
		name, v := top.Content[i].Value, top.Content[i+1]
		if !constantName.MatchString(name) {
			return badf(file, "constants: %q is not a name ([a-zA-Z_][a-zA-Z0-9_]*)", name)
		}
		switch v.Kind {
		case yaml.ScalarNode:
			m.constants["{{"+name+"}}"], m.constants["{{"+name+".value}}"] = v.Value, v.Value
		case yaml.MappingNode:
			if err := constantVariants(file, name, v, m.constants); err != nil {
				return err
			}
		default:
			return badf(file, "constants.%s must be a number, a string or a map with a value", name)
		}
	}
	return nil
}

// constantVariants reads a constant written as a map: value and variants.
func constantVariants(file, name string, v *yaml.Node, c rubric.Constants) error {
	hasValue := false
	for j := 0; j+1 < len(v.Content); j += 2 {
		key, val := v.Content[j].Value, v.Content[j+1]
		if val.Kind != yaml.ScalarNode {
			return badf(file, "constants.%s.%s must be a number or a string", name, key)
		}
		c["{{"+name+"."+key+"}}"] = val.Value
		if key == "value" {
			c["{{"+name+"}}"], hasValue = val.Value, true
		}
	}
	if !hasValue {
		return badf(file, "constants.%s: a map needs its value", name)
	}
	return nil
}

// readMeta reads problem.yaml.
func readMeta(dir string) (meta, error) {
	file := filepath.Join(dir, File)
	data, err := os.ReadFile(file)
	if err != nil {
		return meta{}, err
	}
	return parseMeta(file, data)
}

// tleMargin is how much more CPU time a submission that must run out of
// time gets: (time_limit_to_tle - 1) times the time limit.
func tleMargin(m meta, cpu time.Duration) time.Duration {
	return time.Duration((m.toTLE - 1) * float64(cpu))
}

// unbuilt says why the grader cannot build the submission at p (a file,
// or a folder of files): none of its files is in a language it builds,
// or one asks for a runtime its language's toolchain does not run (a
// Python 2 shebang); "" when it can.
func unbuilt(p string) string {
	var exts, files []string
	filepath.WalkDir(p, func(f string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			exts, files = append(exts, filepath.Ext(f)), append(files, f)
		}
		return nil
	})
	for _, f := range files {
		tc := toolchain.ByExt(strings.ToLower(filepath.Ext(f)))
		if tc == nil || tc.Unrunnable == nil {
			continue
		}
		if data, err := os.ReadFile(f); err == nil {
			if why := tc.Unrunnable(data); why != "" {
				return filepath.Base(f) + ": " + why
			}
		}
	}
	for _, e := range exts {
		if toolchain.ByExt(strings.ToLower(e)) != nil {
			return ""
		}
	}
	slices.Sort(exts)
	return fmt.Sprintf("no file in a language the grader builds (%s): %s", strings.Join(firstCodes(), ", "), strings.Join(slices.Compact(exts), ", "))
}
