package javabridge

import (
	"fmt"
	"strings"
	"unicode/utf16"
)

// student is one class of the submission, read, with its parsed generic
// signature.
type student struct {
	c      *Class
	sig    *classSig
	simple string   // its simple name in source ("Node" for Outer$Node)
	outer  string   // a static member class's outer class; "" for a top-level one
	inner  []string // its static member classes that have stand-ins, sorted
	// nonStatic: an inner class (a member class declared without
	// static), whose stand-in is an inner class of its outer one's too
	nonStatic bool
}

// gen holds one Standins run.
type gen struct {
	instructor map[string]bool
	all        map[string]*student // every class read, by binary name
	standin    map[string]bool     // classes that get a stand-in
	problems   []string
	notes      []string
	jdk        *JDK
	silent     map[string]bool // JDK bases whose constructor takes no message
}

// typeName renders a class for the generated sources: a stand-in by its
// name, a JDK class by its own; anything else the tests cannot see.
func (g *gen) typeName(bin string) (string, error) {
	if g.standin[bin] {
		return javaName(bin), nil
	}
	if jdkClass(bin) || g.instructor[bin] && validTypeName(bin) {
		return javaName(bin), nil
	}
	return "", fmt.Errorf("uses the class %s, which the tests cannot see (only the student's top-level and static nested classes and the JDK's are)", printable(javaName(bin)))
}

// printable quotes a student's name for a message when it is not plain.
func printable(s string) string {
	for _, r := range s {
		if r < 0x20 || r > 0x7e {
			return fmt.Sprintf("%q", s)
		}
	}
	return s
}

const (
	bridgeCall = "autograder.bridge.Bridge.call"
	refType    = "autograder.bridge.Ref"
)

// writer writes one stand-in; a member it cannot write is an error
// (public) or left out (not public: the tests could not rely on it).
type writer struct {
	g     *gen
	st    *student
	b     *strings.Builder
	tvars map[string]bool
	errs  []string
	exc   bool // a student's exception
}

func (w *writer) fail(format string, args ...any) {
	w.errs = append(w.errs, fmt.Sprintf(format, args...))
}

func (w *writer) name() string { return w.st.simple }

// dotted is the class's binary name as Class.forName takes it ("pkg.Outer$Node").
func (w *writer) dotted() string { return strings.ReplaceAll(w.st.c.Name, "/", ".") }

// modifiers of the class's declaration: a nested stand-in is static.
func (w *writer) modifiers() string {
	if w.st.outer != "" && !w.st.nonStatic {
		return "public static "
	}
	return "public "
}

// head writes "public class Name<T> extends S<T> implements I" and opens
// the body. extra are interfaces of the bridge's to add.
func (w *writer) head(keyword string, extra ...string) {
	c, sig := w.st.c, w.st.sig
	tps := ""
	var super string
	var ifaces []string
	if sig != nil {
		for _, tp := range sig.tparams {
			w.tvars[tp.name] = true
			if shadowers[tp.name] {
				w.fail("class %s: type parameter %s", w.dotted(), tp.name)
			}
		}
		var err error
		if tps, err = renderParams(sig.tparams, w.g.typeName, w.tvars); err != nil {
			w.fail("class %s: type parameters: %v", w.dotted(), err)
		}
		super = w.render(sig.super, "superclass")
		for _, i := range sig.ifaces {
			ifaces = append(ifaces, w.render(i, "interface"))
		}
	} else {
		super = w.render(&jtype{class: c.Super}, "superclass")
		for _, i := range c.Interfaces {
			ifaces = append(ifaces, w.render(&jtype{class: i}, "interface"))
		}
	}
	ifaces = append(ifaces, extra...)
	fmt.Fprintf(w.b, "%s%s %s%s", w.modifiers(), keyword, w.name(), tps)
	if keyword == "class" && super != "java.lang.Object" && super != "java.lang.Record" {
		fmt.Fprintf(w.b, " extends %s", super)
	}
	if len(ifaces) > 0 {
		sep := " implements "
		if keyword == "interface" {
			sep = " extends "
		}
		w.b.WriteString(sep + strings.Join(ifaces, ", "))
	}
	w.b.WriteString(" {\n")
}

func (w *writer) render(t *jtype, what string) string {
	if t == nil || t.prim != 0 || t.tvar != "" || t.dims > 0 {
		w.fail("class %s: its %s is not a class", w.dotted(), what)
		return "Object"
	}
	s, err := t.render(w.g.typeName, w.tvars)
	if err != nil {
		w.fail("class %s: its %s: %v", w.dotted(), what, err)
	}
	return s
}

func (w *writer) interfaceKind() bool { return w.st.c.Access&accInterface != 0 }

var boxes = map[byte]string{'B': "Byte", 'C': "Character", 'D': "Double", 'F': "Float",
	'I': "Integer", 'J': "Long", 'S': "Short", 'Z': "Boolean"}

// boxed is the cast that turns an Object into a value of t.
func boxed(t *jtype, rendered string) string {
	if t.prim != 0 && t.dims == 0 {
		return boxes[t.prim]
	}
	return rendered
}

// lit writes a Go string as a Java string literal (see stringLiteral).
func lit(s string) string { return stringLiteral(utf16.Encode([]rune(s))) }

// stringLiteral writes UTF-16 code units as a Java string literal that
// javac reads back exactly: printable ASCII as itself, quote and
// backslash escaped, control characters as octal escapes, the rest as \u
// escapes (never a quote, backslash or line end, which javac would read
// before the literal).
func stringLiteral(u []uint16) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, c := range u {
		switch {
		case c == '"' || c == '\\':
			b.WriteByte('\\')
			b.WriteByte(byte(c))
		case c < 0x20 || c == 0x7f:
			fmt.Fprintf(&b, "\\%03o", c)
		case c < 0x7f:
			b.WriteByte(byte(c))
		default:
			fmt.Fprintf(&b, "\\u%04x", c)
		}
	}
	b.WriteByte('"')
	return b.String()
}
