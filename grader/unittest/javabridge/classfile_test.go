package javabridge

import (
	"bytes"
	"encoding/binary"
	"errors"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
)

// classBuilder writes small class files, hostile ones included, for the
// reader's and the generator's tests.
type classBuilder struct {
	pool  bytes.Buffer
	count uint16
	utfs  map[string]uint16
	inner []InnerClass // written as the class's InnerClasses attribute
}

func newClassBuilder() *classBuilder { return &classBuilder{count: 1, utfs: map[string]uint16{}} }

func (b *classBuilder) utf8(s string) uint16 {
	if i, ok := b.utfs[s]; ok {
		return i
	}
	b.pool.WriteByte(tagUtf8)
	binary.Write(&b.pool, binary.BigEndian, uint16(len(s)))
	b.pool.WriteString(s)
	b.utfs[s] = b.count
	b.count++
	return b.count - 1
}

func (b *classBuilder) class(name string) uint16 {
	n := b.utf8(name)
	b.pool.WriteByte(tagClass)
	binary.Write(&b.pool, binary.BigEndian, n)
	b.count++
	return b.count - 1
}

type member struct {
	access          uint16
	name, desc, sig string
	exceptions      []string
}

// build writes a class: its name, super class, access, fields and methods.
func (b *classBuilder) build(access uint16, name, super string, ifaces []string, fields, methods []member) []byte {
	this, sup := b.class(name), uint16(0)
	if super != "" {
		sup = b.class(super)
	}
	var is []uint16
	for _, i := range ifaces {
		is = append(is, b.class(i))
	}
	var body bytes.Buffer
	w := func(v any) { binary.Write(&body, binary.BigEndian, v) }
	w(access)
	w(this)
	w(sup)
	w(uint16(len(is)))
	w(is)
	for _, ms := range [][]member{fields, methods} {
		w(uint16(len(ms)))
		for _, m := range ms {
			b.member(&body, m)
		}
	}
	b.innerClasses(w)
	var out bytes.Buffer
	for _, v := range []any{uint32(0xCAFEBABE), uint16(0), uint16(61), b.count} {
		binary.Write(&out, binary.BigEndian, v)
	}
	out.Write(b.pool.Bytes())
	out.Write(body.Bytes())
	return out.Bytes()
}

func (b *classBuilder) innerClasses(w func(any)) {
	if b.inner == nil {
		w(uint16(0))
		return
	}
	w(uint16(1))
	w(b.utf8("InnerClasses"))
	w(uint32(2 + 8*len(b.inner)))
	w(uint16(len(b.inner)))
	for _, ic := range b.inner {
		w(b.class(ic.Inner))
		for _, n := range []string{ic.Outer, ic.Name} {
			switch {
			case n == "":
				w(uint16(0))
			case n == ic.Outer:
				w(b.class(n))
			default:
				w(b.utf8(n))
			}
		}
		w(ic.Access)
	}
}

// nestedClass is a class with its own InnerClasses row.
func nestedClass(ic InnerClass) []byte {
	b := newClassBuilder()
	b.inner = []InnerClass{ic}
	return b.build(accPublic, ic.Inner, "java/lang/Object", nil, nil, []member{{access: accPublic, name: "get", desc: "()I"}})
}

// innerSubclass is a nested class that extends its outer class.
func innerSubclass(ic InnerClass) []byte {
	b := newClassBuilder()
	b.inner = []InnerClass{ic}
	return b.build(accPublic, ic.Inner, ic.Outer, nil, nil, []member{{access: accPublic, name: "get", desc: "()I"}})
}

// TestNestedClasses: a static member class, and an inner class that
// extends Object and has no type parameters of its own, get stand-ins
// nested in their outer class's (an inner one an inner class too); an
// inner class of another kind is left out with a note.
func TestNestedClasses(t *testing.T) {
	const static = accPublic | accStatic
	for _, tc := range []struct {
		what    string
		classes map[string][]byte
		want    string // in the error, or in the notes; "" for neither
		source  string // in Outer.java
	}{
		{"static member", map[string][]byte{"Outer.class": simpleClass("Outer"),
			"Outer$Node.class": nestedClass(InnerClass{"Outer$Node", "Outer", "Node", static})}, "", "public static class Node implements autograder.bridge.Remote"},
		{"inner", map[string][]byte{"Outer.class": simpleClass("Outer"),
			"Outer$In.class": nestedClass(InnerClass{"Outer$In", "Outer", "In", accPublic})}, "", "public class In implements autograder.bridge.Remote"},
		{"inner, a subclass", map[string][]byte{"Outer.class": simpleClass("Outer"),
			"Outer$In.class": innerSubclass(InnerClass{"Outer$In", "Outer", "In", accPublic})}, "inner class Outer.In", ""},
		{"hostile simple name", map[string][]byte{"Outer.class": simpleClass("Outer"),
			"Outer$X.class": nestedClass(InnerClass{"Outer$X", "Outer", "a;b", static})}, "not a plain Java name", ""},
		{"name that is not its own", map[string][]byte{"Outer.class": simpleClass("Outer"),
			"Outer$X.class": nestedClass(InnerClass{"Outer$X", "Outer", "Y", static})}, "not a plain Java name", ""},
		{"claims a JDK outer", map[string][]byte{
			"java/lang/String$Evil.class": nestedClass(InnerClass{"java/lang/String$Evil", "java/lang/String", "Evil", static})}, "outer class has no stand-in", ""},
		{"anonymous", map[string][]byte{"Outer.class": simpleClass("Outer"),
			"Outer$1.class": nestedClass(InnerClass{"Outer$1", "", "", 0})}, "", ""},
	} {
		t.Run(tc.what, func(t *testing.T) {
			res, err := Standins(tc.classes, Options{})
			got := ""
			if err != nil {
				got = err.Error()
			} else {
				got = strings.Join(res.Notes, "; ")
				if src := string(res.Sources["Outer.java"]); !strings.Contains(src, tc.source) {
					t.Errorf("Outer.java lacks %q:\n%s", tc.source, src)
				}
			}
			if tc.want == "" && got != "" || !strings.Contains(got, tc.want) {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
}

func (b *classBuilder) member(body *bytes.Buffer, m member) {
	w := func(v any) { binary.Write(body, binary.BigEndian, v) }
	w(m.access)
	w(b.utf8(m.name))
	w(b.utf8(m.desc))
	n := 0
	if m.sig != "" {
		n++
	}
	if m.exceptions != nil {
		n++
	}
	w(uint16(n))
	if m.sig != "" {
		w(b.utf8("Signature"))
		w(uint32(2))
		w(b.utf8(m.sig))
	}
	if m.exceptions != nil {
		w(b.utf8("Exceptions"))
		w(uint32(2 + 2*len(m.exceptions)))
		w(uint16(len(m.exceptions)))
		for _, e := range m.exceptions {
			w(b.class(e))
		}
	}
}

// simpleClass is a public class with one public method.
func simpleClass(name string, methods ...member) []byte {
	if methods == nil {
		methods = []member{{access: accPublic, name: "get", desc: "()I"}}
	}
	return newClassBuilder().build(accPublic|0x20, name, "java/lang/Object", nil, nil, methods)
}

// realSources are the sources of TestReadClassRealFile and
// TestFinalizes, compiled together by one javac (realClasses): their
// class names differ.
var realSources = map[string]string{
	"Pair.java": `import java.util.*;
public class Pair<A, B extends Comparable<B>> implements Comparable<Pair<A, B>> {
    public static final String NAME = "pair";
    private A a; private B b;
    public Pair(A a, B b) { this.a = a; this.b = b; }
    public <C> Map<A, List<? super C>> odd(C[] cs, int... xs) throws java.io.IOException { return null; }
    public int compareTo(Pair<A, B> o) { return b.compareTo(o.b); }
    class Inner {}
}`,
	"Fin.java":     "public class Fin { protected void finalize() { } }",
	"Clean.java":   "public class Clean { static final java.lang.ref.Cleaner C = java.lang.ref.Cleaner.create(); public Clean() { C.register(this, () -> { }); } }",
	"Phantom.java": "public class Phantom { Object p = new java.lang.ref.PhantomReference<Object>(this, null); }",
	"Queue.java":   "public class Queue { Object q = new java.lang.ref.ReferenceQueue<Object>(); }",
	"Plain.java":   "public class Plain { public static void finalize(int x) { } Object w = new java.lang.ref.WeakReference<Object>(this); }",
	"NoFinal.java": "public class NoFinal { public int get() { return 1; } }",
}

var (
	realOnce sync.Once
	realDir  string
	realErr  error
)

// realClasses is the folder of realSources compiled, once per test
// binary.
func realClasses(t *testing.T) string {
	t.Helper()
	k := requireKit(t)
	realOnce.Do(func() {
		files := map[string][]byte{}
		for n, s := range realSources {
			files[n] = []byte(s)
		}
		realDir = filepath.Join(k.dir, "real")
		realErr = Compile(t.Context(), k.javac, nil, files, realDir, k.javacFlags...)
	})
	if realErr != nil {
		t.Fatal(realErr)
	}
	return realDir
}

func TestReadClassRealFile(t *testing.T) {
	dir := realClasses(t)
	b, err := os.ReadFile(filepath.Join(dir, "Pair.class"))
	if err != nil {
		t.Fatal(err)
	}
	c, err := ReadClass(b)
	if err != nil {
		t.Fatal(err)
	}
	if c.Name != "Pair" || c.Super != "java/lang/Object" || c.Signature == "" || len(c.Inner) == 0 {
		t.Errorf("class %+v", c)
	}
	var odd *Member
	for i := range c.Methods {
		if c.Methods[i].Name == "odd" {
			odd = &c.Methods[i]
		}
	}
	if odd == nil || odd.Signature == "" || len(odd.Exceptions) != 1 || odd.Access&accVarargs == 0 {
		t.Fatalf("odd: %+v", odd)
	}
	res, err := Standins(map[string][]byte{"Pair.class": b}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	src := string(res.Sources["Pair.java"])
	for _, want := range []string{
		"public class Pair<A, B extends java.lang.Comparable<B>> implements java.lang.Comparable<Pair<A, B>>, autograder.bridge.Remote",
		`public static final java.lang.String NAME = "pair";`,
		"public <C> java.util.Map<A, java.util.List<? super C>> odd(C[] a0, int... a1) throws java.io.IOException",
	} {
		if !strings.Contains(src, want) {
			t.Errorf("stand-in lacks %q:\n%s", want, src)
		}
	}
}

func TestReadClassRejects(t *testing.T) {
	good := simpleClass("Fine")
	if _, err := ReadClass(good); err != nil {
		t.Fatalf("a good class: %v", err)
	}
	huge := make([]byte, 10)
	copy(huge, good[:8])
	huge[8], huge[9] = 0xff, 0xff // 65535 entries claimed, none there
	for name, data := range map[string][]byte{
		"empty":        nil,
		"bad magic":    []byte("CAFEBABE"),
		"truncated":    good[:len(good)-3],
		"trailing":     append(append([]byte{}, good...), 0),
		"huge pool":    huge,
		"over the cap": make([]byte, MaxClassSize+1),
	} {
		if _, err := ReadClass(data); err == nil {
			t.Errorf("%s: read without an error", name)
		}
	}
}

func TestHostileNames(t *testing.T) {
	for _, tc := range []struct {
		what string
		file []byte
		want string // in the error
	}{
		{"keyword class", simpleClass("class"), "not a plain Java name"},
		{"unicode escape", simpleClass(`Foo\u0022`), "not a plain Java name"},
		{"non-ASCII", simpleClass("Café"), "not a plain Java name"},
		{"dollar", simpleClass("Foo$Bar"), "not a plain Java name"},
		{"space", simpleClass("Foo Bar"), "not a plain Java name"},
		{"record", simpleClass("record"), "not a plain Java name"},
		{"obscures java", simpleClass("java"), "named like a package"},
		{"method injection", simpleClass("Inj", member{access: accPublic, name: `x(){}static{System.exit(0);}void y`, desc: "()V"}), "not a plain Java name"},
		{"method keyword", simpleClass("Kw", member{access: accPublic, name: "goto", desc: "()V"}), "not a plain Java name"},
		{"bad descriptor", simpleClass("Desc", member{access: accPublic, name: "f", desc: "(Q)V"}), "descriptor"},
		{"hidden type", simpleClass("Hid", member{access: accPublic, name: "f", desc: "()LHid$Secret;"}), "cannot see"},
		{"bad tvar", simpleClass("Tv", member{access: accPublic, name: "f", desc: "()Ljava/lang/Object;", sig: "()TT;"}), "type variable"},
		{"deep generics", simpleClass("Deep", member{access: accPublic, name: "f", desc: "()Ljava/util/List;",
			sig: "()" + strings.Repeat("Ljava/util/List<", 100) + "Ljava/lang/String;" + strings.Repeat(">;", 100)}), "too deeply"},
		{"public field", newClassBuilder().build(accPublic, "Pt", "java/lang/Object", nil,
			[]member{{access: accPublic, name: "x", desc: "I"}}, nil), "public field Pt.x"},
		{"descriptor hides a type behind a signature", simpleClass("Sneak", member{access: accPublic, name: "f", desc: "(LHid$X;)V", sig: "(Ljava/lang/String;)V"}), "cannot see"},
		{"odd super", newClassBuilder().build(accPublic, "L", "java/util/AbstractList", nil, nil, nil), "extends java.util.AbstractList"},
	} {
		t.Run(tc.what, func(t *testing.T) {
			_, err := Standins(map[string][]byte{"X.class": tc.file}, Options{})
			var le *LoadError
			if !errors.As(err, &le) || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %v, want a LoadError with %q", err, tc.want)
			}
		})
	}
}

// TestSkipsNonASCIIMethods: a concrete public method whose name is a
// legal Java name with a letter outside ASCII (café) is left out of the
// stand-in, with a note, the rest of the class the tests'; an abstract
// one, or one whose name is no Java name, is still refused.
func TestSkipsNonASCIIMethods(t *testing.T) {
	get := member{access: accPublic, name: "get", desc: "()I"}
	for _, name := range []string{"café", "größe", "π", "naïve_2"} {
		res, err := Standins(map[string][]byte{"Calc.class": simpleClass("Calc", get, member{access: accPublic, name: name, desc: "()I"})}, Options{})
		if err != nil {
			t.Errorf("%q: %v", name, err)
			continue
		}
		src := string(res.Sources["Calc.java"])
		if strings.Contains(src, name) || !strings.Contains(src, "get(") {
			t.Errorf("%q: the stand-in spells it, or lacks get:\n%s", name, src)
		}
		if len(res.Notes) != 1 || !strings.Contains(res.Notes[0], name) || !strings.Contains(res.Notes[0], "cannot call it") {
			t.Errorf("%q: notes %q", name, res.Notes)
		}
	}
	for _, tc := range []struct {
		what string
		file []byte
	}{
		{"abstract", newClassBuilder().build(accPublic|accAbstract|0x20, "Abs", "java/lang/Object", nil, nil,
			[]member{{access: accPublic | accAbstract, name: "café", desc: "()I"}})},
		{"an escape beside", simpleClass("Esc", member{access: accPublic, name: `café\u0022`, desc: "()I"})},
		{"a dollar", simpleClass("Dol", member{access: accPublic, name: "café$x", desc: "()I"})},
		{"a digit first", simpleClass("Dig", member{access: accPublic, name: "٣café", desc: "()I"})},
	} {
		_, err := Standins(map[string][]byte{"X.class": tc.file}, Options{})
		var le *LoadError
		if !errors.As(err, &le) || !strings.Contains(err.Error(), "not a plain Java name") {
			t.Errorf("%s: error %v, want a LoadError", tc.what, err)
		}
	}
}

// TestSkipsUnnamableHelpers: a package-private class whose name the
// bridge cannot spell (non-ASCII, a keyword, an escape) gets no stand-in
// and a note, the rest of the submission its stand-ins; a public member
// that uses it is a LoadError.
func TestSkipsUnnamableHelpers(t *testing.T) {
	helper := func(name string) []byte {
		return newClassBuilder().build(0x20, name, "java/lang/Object", nil, nil, []member{{access: 0, name: "get", desc: "()I"}})
	}
	for _, name := range []string{"Pièce", "record", `Foo\u0022`, "Foo Bar"} {
		res, err := Standins(map[string][]byte{"H.class": helper(name), "Calc.class": simpleClass("Calc")}, Options{})
		if err != nil {
			t.Errorf("%q: %v", name, err)
			continue
		}
		if !slices.Equal(res.Classes, []string{"Calc"}) || len(res.Notes) != 1 || !strings.Contains(res.Notes[0], "cannot use it") {
			t.Errorf("%q: classes %q, notes %q", name, res.Classes, res.Notes)
		}
	}
	uses := simpleClass("Calc", member{access: accPublic, name: "piece", desc: "()LPièce;"})
	_, err := Standins(map[string][]byte{"H.class": helper("Pièce"), "Calc.class": uses}, Options{})
	var le *LoadError
	if !errors.As(err, &le) || !strings.Contains(err.Error(), "cannot see") {
		t.Errorf("a public method returning the helper: error %v, want a LoadError", err)
	}
}

func TestSkipsReservedAndNested(t *testing.T) {
	res, err := Standins(map[string][]byte{
		"String.class":                     simpleClass("String"),
		"org/junit/jupiter/api/Test.class": simpleClass("org/junit/jupiter/api/Test"),
		"Check.class":                      simpleClass("Check"),
		"Fine.class":                       simpleClass("Fine"),
		"not-a-class.txt":                  []byte("ignored"),
		"autograder/bridge/Bridge.class":   simpleClass("autograder/bridge/Bridge"),
		"module-info.class":                newClassBuilder().build(accModule, "module-info", "", nil, nil, nil),
	}, Options{Reserved: []string{"Check"}})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Sources) != 1 || res.Sources["Fine.java"] == nil {
		t.Errorf("sources %v, want Fine.java alone", keys(res.Sources))
	}
	if len(res.Notes) != 4 {
		t.Errorf("notes %q", res.Notes)
	}
	res, err = Standins(map[string][]byte{"Odd.class": newClassBuilder().build(accPublic, "Odd", "java/util/EmptyStackException", nil, nil, nil)}, Options{})
	if err != nil || !strings.Contains(string(res.Sources["Odd.java"]), "extends java.lang.RuntimeException") || len(res.Notes) != 1 {
		t.Errorf("notes %q", res.Notes)
	}
}

// TestJUnitNamesFree: a student's class named like a JUnit type (Order,
// an interface Named) gets its stand-in unless the tests import that
// type's package on demand (ImportedNames, in Reserved): the tests' own
// package shadows only on-demand imports and java.lang. A class left out
// says so in a note, also beside a LoadError it explains.
func TestJUnitNamesFree(t *testing.T) {
	named := newClassBuilder().build(accPublic|accInterface|accAbstract, "Named", "java/lang/Object", nil, nil, nil)
	account := newClassBuilder().build(accPublic|accAbstract, "AbstractAccount", "java/lang/Object", []string{"Named"}, nil, nil)
	classes := map[string][]byte{"Named.class": named, "AbstractAccount.class": account}
	for _, n := range []string{"Order", "Tag", "Timeout", "Nested", "Disabled", "TestInfo", "Test"} {
		classes[n+".class"] = simpleClass(n)
	}
	res, err := Standins(classes, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Sources) != len(classes) || len(res.Notes) != 0 {
		t.Errorf("sources %v, notes %q: want every class's stand-in", keys(res.Sources), res.Notes)
	}
	_, err = Standins(classes, Options{Reserved: []string{"Named"}})
	var le *LoadError
	if !errors.As(err, &le) || len(le.Notes) != 1 || !strings.Contains(le.Notes[0], "class Named: named like") {
		t.Errorf("Named imported on demand: error %v, want a LoadError with Named's note", err)
	}
	res, err = Standins(map[string][]byte{"String.class": simpleClass("String"), "Order.class": simpleClass("Order")}, Options{})
	if err != nil || len(res.Sources) != 1 || res.Sources["Order.java"] == nil || len(res.Notes) != 1 {
		t.Errorf("java.lang's String: err %v, notes %q: want it left out with a note", err, res.Notes)
	}
}

func keys[V any](m map[string]V) []string { return sortedKeys(m) }

func TestStringLiteral(t *testing.T) {
	for in, want := range map[string]string{
		"plain":      `"plain"`,
		"q\"b\\":     `"q\"b\\"`,
		"\n\x00\x7f": `"\012\000\177"`,
		"é\u2028":    `"\u00e9\u2028"`,
		`\u0022`:     `"\\u0022"`,
	} {
		var u []uint16
		for _, r := range in {
			u = append(u, uint16(r))
		}
		if got := stringLiteral(u); got != want {
			t.Errorf("%q: %s, want %s", in, got, want)
		}
	}
}

func TestConstants(t *testing.T) {
	for _, tc := range []struct {
		desc string
		v    any
		want string
		ok   bool
	}{
		{"I", int32(-2147483648), "-2147483648", true},
		{"Z", int32(1), "true", true},
		{"Z", int32(2), "", false},
		{"B", int32(300), "", false},
		{"C", int32(120), "(char) 120", true},
		{"J", int64(-9223372036854775808), "-9223372036854775808L", true},
		{"D", 0.1, "(0x1.999999999999ap-04D)", true},
		{"F", float32(1.5), "(0x1.8p+00F)", true},
		{"D", math.NaN(), "(0.0D / 0.0D)", true},
		{"F", float32(math.Inf(-1)), "(-1.0F / 0.0F)", true},
		{"D", math.Inf(1), "(1.0D / 0.0D)", true},
		{"I", int64(1), "", false},
		{"[I", int32(1), "", false},
	} {
		ty, err := parseField(tc.desc)
		if err != nil {
			t.Fatal(err)
		}
		got, ok := constant(ty, tc.v)
		if ok != tc.ok || ok && got != tc.want {
			t.Errorf("%s %v: %q %v, want %q %v", tc.desc, tc.v, got, ok, tc.want, tc.ok)
		}
	}
}

func TestSignatures(t *testing.T) {
	name := func(bin string) (string, error) { return javaName(bin), nil }
	for _, tc := range []struct{ sig, want string }{
		{"(I[[Ljava/lang/String;)V", "void (int, java.lang.String[][])"},
		{"<T::Ljava/lang/Comparable<-TT;>;>(Ljava/util/List<+TT;>;)TT;", "<T extends java.lang.Comparable<? super T>> T (java.util.List<? extends T>)"},
		{"(Ljava/util/Map$Entry<**>;)V", "void (java.util.Map.Entry<?, ?>)"},
		// an inner class of a generic class: its outer class raw
		{"(Lfoo/Outer<TT;>.Inner;)V", "void (foo.Outer.Inner)"},
	} {
		m, err := parseMethod(tc.sig)
		if err != nil {
			t.Fatalf("%s: %v", tc.sig, err)
		}
		tv := map[string]bool{}
		for _, tp := range m.tparams {
			tv[tp.name] = true
		}
		tps, _ := renderParams(m.tparams, name, tv)
		r, _ := m.result.render(name, tv)
		var ps []string
		for _, p := range m.params {
			s, _ := p.render(name, tv)
			ps = append(ps, s)
		}
		got := strings.TrimSpace(tps + " " + r + " (" + strings.Join(ps, ", ") + ")")
		if got != tc.want {
			t.Errorf("%s:\n got %s\nwant %s", tc.sig, got, tc.want)
		}
	}
	for _, bad := range []string{"", "(", "()", "(I)", "()Q", "(L;)V", "(Ljava/util/List<>;)V", "<>()V", "()V^", "(Lfoo/Outer<TT;>.Inner<TT;>;)V", "(Lfoo/Outer<TT;>.;)V"} {
		if _, err := parseMethod(bad); err == nil {
			t.Errorf("%q parsed", bad)
		}
	}
}

func FuzzReadClass(f *testing.F) {
	f.Add(simpleClass("Fine"))
	f.Add(simpleClass("G", member{access: accPublic, name: "f", desc: "()Ljava/util/List;", sig: "<T:Ljava/lang/Object;>()Ljava/util/List<TT;>;", exceptions: []string{"java/io/IOException"}}))
	f.Fuzz(func(t *testing.T, data []byte) {
		c, err := ReadClass(data)
		if err != nil {
			return
		}
		// Whatever reads, the generator must refuse or write, never panic.
		Standins(map[string][]byte{"X.class": data}, Options{})
		_ = c
	})
}

// FuzzStandins builds a class from fuzzed names, descriptor and
// signature: whatever the generator writes is plain ASCII with balanced
// braces, and the student's text cannot have opened or closed a block.
func FuzzStandins(f *testing.F) {
	f.Add("Fine", "get", "()I", "")
	f.Add("Gen", "map", "(Ljava/util/function/Function;)LGen;", "<R:Ljava/lang/Object;>(Ljava/util/function/Function<-TT;+TR;>;)LGen<TR;>;")
	f.Add("Inj", "x(){}static{}void y", "()V", "")
	f.Fuzz(func(t *testing.T, class, method, desc, sig string) {
		data := simpleClass(class, member{access: accPublic, name: method, desc: desc, sig: sig})
		res, err := Standins(map[string][]byte{"X.class": data}, Options{})
		if err != nil {
			return
		}
		for p, src := range res.Sources {
			if bytes.Count(src, []byte("{")) != bytes.Count(src, []byte("}")) {
				t.Fatalf("%s: unbalanced braces:\n%s", p, src)
			}
			for _, c := range src {
				if c >= 0x7f || c < 0x20 && c != '\n' {
					t.Fatalf("%s: byte %#x in the source:\n%s", p, c, src)
				}
			}
		}
	})
}

func FuzzSignature(f *testing.F) {
	for _, s := range []string{"(I)V", "<T:Ljava/lang/Object;>(TT;)TT;", "(Ljava/util/Map<+TK;-TV;>;)[[I^Ljava/io/IOException;"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if m, err := parseMethod(s); err == nil {
			name := func(bin string) (string, error) { return javaName(bin), nil }
			for _, p := range m.params {
				p.render(name, map[string]bool{})
			}
		}
		parseClassSig(s)
		parseField(s)
	})
}

func TestSignatureMustMatch(t *testing.T) {
	b := newClassBuilder()
	// A Signature attribute on the class claiming another super class.
	data := b.build(accPublic, "Claim", "java/lang/Object", nil, nil, nil)
	c, err := ReadClass(data)
	if err != nil {
		t.Fatal(err)
	}
	c.Signature = "Ljava/lang/Thread;"
	sig, _ := parseClassSig(c.Signature)
	if sigMatches(sig, c) {
		t.Error("a signature claiming Thread matched a class that extends Object")
	}
	sig, _ = parseClassSig("<T:Ljava/lang/Object;>Ljava/lang/Object;")
	if !sigMatches(sig, c) {
		t.Error("an honest signature did not match")
	}
}

// TestFinalizes: a class whose collection runs its code (it declares
// finalize(), registers with a Cleaner, makes a PhantomReference or
// reads a ReferenceQueue) is marked, and the stand-ins' index says so
// when one of the student's classes is; a class that only has a
// finalize of another shape, or a WeakReference, is not.
func TestFinalizes(t *testing.T) {
	dir := realClasses(t)
	read := func(name string) []byte {
		b, err := os.ReadFile(filepath.Join(dir, name+".class"))
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	for name, want := range map[string]bool{"Fin": true, "Clean": true, "Phantom": true, "Queue": true, "Plain": false, "NoFinal": false} {
		c, err := ReadClass(read(name))
		if err != nil {
			t.Fatal(err)
		}
		if c.Finalizes != want {
			t.Errorf("%s: Finalizes %v, want %v", name, c.Finalizes, want)
		}
	}
	for _, tc := range []struct {
		classes []string
		want    bool
	}{{[]string{"NoFinal", "Plain"}, false}, {[]string{"NoFinal", "Fin"}, true}} {
		classes := map[string][]byte{}
		for _, n := range tc.classes {
			classes[n+".class"] = read(n)
		}
		res, err := Standins(classes, Options{})
		if err != nil {
			t.Fatal(err)
		}
		marked := slices.Contains(strings.Split(string(res.Index), "\n"), finalizesLine)
		if res.Finalizes != tc.want || marked != tc.want {
			t.Errorf("%v: Finalizes %v, index marked %v, want %v", tc.classes, res.Finalizes, marked, tc.want)
		}
	}
}
