package javabridge

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// maxPublicFields bounds a class's public fields (but enum constants):
// each costs the stand-in's constructor or static initializer some bytes
// of code, and a method's code is at most 64 KiB (javac: "code too
// large", some 3800 fields). No honest class comes near.
const maxPublicFields = 1000

// fields writes the public constants. A class's public final instance
// fields are written with its handle (carriedFields); any other public
// field is an error: its value could change after it crossed, so the
// tests reach it through the object's methods alone.
func (w *writer) fields() {
	if n := w.publicFields(); n > maxPublicFields {
		w.fail("class %s: %d public fields, more than the %d the tests can use: make the others private", w.dotted(), n, maxPublicFields)
		return
	}
	for _, f := range w.st.c.Fields {
		public := f.Access&accPublic != 0 || w.interfaceKind()
		if !public || f.Access&(accSynthetic|accEnum) != 0 {
			continue
		}
		if why := fieldName(f.Name); why != "" {
			w.fail("field %s.%s: %s", w.dotted(), printable(f.Name), why)
			continue
		}
		if w.exc && f.Access&accStatic == 0 {
			continue // an exception's: see instanceFields
		}
		if w.plainClass() && f.Access&(accStatic|accFinal) == accFinal {
			w.finalField(f) // see instanceFields for what crosses
			continue
		}
		if w.enumFinal(f) {
			continue // an enum's: see enumFields
		}
		if f.Access&(accStatic|accFinal) == accStatic && !w.interfaceKind() && watchable(f.Descriptor) {
			w.watchedField(f)
			continue
		}
		if f.Access&(accStatic|accFinal) != accStatic|accFinal {
			w.fail("public field %s.%s: the tests reach the student's objects through their methods only (make the field private, with a method to read it)", w.dotted(), f.Name)
			continue
		}
		w.field(f)
	}
}

// publicFields counts the fields the stand-in declares: the public ones
// (an interface's all), but enum constants and synthetic fields.
func (w *writer) publicFields() int {
	n := 0
	for _, f := range w.st.c.Fields {
		if (f.Access&accPublic != 0 || w.interfaceKind()) && f.Access&(accSynthetic|accEnum) == 0 {
			n++
		}
	}
	return n
}

// finalField refuses a class's public final instance field whose value
// could change after it crossed (carriable) or that hides a superclass's
// field of its name (hidden).
func (w *writer) finalField(f Member) {
	switch {
	case !w.carriable(f):
		w.fail("public final field %s.%s: what it holds can change after the object reached the tests (an array, a collection, an object of the JDK's), and the tests would read it as it was then: make the field private, with a method to read it (the tests read a final field only of a primitive type, a String, a boxed primitive, BigInteger, BigDecimal, a java.time value, a UUID, an enum, an Optional of one of these, or one of the student's classes)", w.dotted(), f.Name)
	case w.hidden(f.Name):
		w.fail("public final field %s.%s: it hides a public field of the same name in a superclass: rename one, or make it private with a method to read it", w.dotted(), f.Name)
	}
}

// staticType is a static field's type, parsed from its descriptor and as
// the stand-in writes it; false (and the failure noted) when it has none
// the stand-in can write.
func (w *writer) staticType(f Member) (*jtype, string, bool) {
	t, err := parseField(f.Descriptor)
	var typ string
	if err == nil {
		typ, err = t.render(w.g.typeName, nil)
	}
	if err != nil {
		w.fail("field %s.%s: %v", w.dotted(), f.Name, err)
		return t, "", false
	}
	return t, typ, true
}

// field writes a public static final field: a constant as its value, any
// other as the student's value, read once when the stand-in loads.
func (w *writer) field(f Member) {
	t, typ, ok := w.staticType(f)
	if !ok {
		return
	}
	if f.Constant != nil {
		v, ok := constant(t, f.Constant)
		if !ok {
			w.fail("field %s.%s: its constant does not fit its type", w.dotted(), f.Name)
			return
		}
		fmt.Fprintf(w.b, "\n    public static final %s %s = %s;\n", typ, f.Name, v)
		return
	}
	fmt.Fprintf(w.b, "\n    public static final %s %s = (%s) autograder.bridge.Bridge.getStatic(%s, %s, %s, %s.class);\n",
		typ, f.Name, boxed(t, typ), lit(w.dotted()), lit(f.Name), lit(f.Descriptor), typ)
}

// watchable: a static field that is not final whose value the stand-in
// holds as it is after each call (Bridge.watchStatic): of a primitive
// type, a boxed primitive or a String.
func watchable(desc string) bool {
	switch desc {
	case "I", "J", "D", "F", "Z", "C", "S", "B", "Ljava/lang/String;", "Ljava/lang/Integer;", "Ljava/lang/Long;",
		"Ljava/lang/Double;", "Ljava/lang/Float;", "Ljava/lang/Boolean;", "Ljava/lang/Character;", "Ljava/lang/Short;", "Ljava/lang/Byte;":
		return true
	}
	return false
}

// watchedField writes a public static field that is not final (a
// counter): the student's value when the stand-in loads, read again
// after each call the tests make (Bridge.watchStatic). A test's own
// assignment to it changes the stand-in's alone.
func (w *writer) watchedField(f Member) {
	t, typ, ok := w.staticType(f)
	if !ok {
		return
	}
	fmt.Fprintf(w.b, "\n    public static %s %s = (%s) autograder.bridge.Bridge.watchStatic(%s.class, %s, %s, %s, %s.class);\n",
		typ, f.Name, boxed(t, typ), w.name(), lit(w.dotted()), lit(f.Name), lit(f.Descriptor), typ)
}

// constant writes a ConstantValue as a Java constant expression of its
// field's type, exactly (hexadecimal floats, escaped strings).
func constant(t *jtype, v any) (string, bool) {
	if t.dims != 0 {
		return "", false
	}
	switch x := v.(type) {
	case int32:
		return intConstant(t.prim, x)
	case int64:
		return strconv.FormatInt(x, 10) + "L", t.prim == 'J'
	case float32:
		return floatConstant(float64(x), 32, "F"), t.prim == 'F'
	case float64:
		return floatConstant(x, 64, "D"), t.prim == 'D'
	case []uint16:
		return stringLiteral(x), t.class == "java/lang/String"
	}
	return "", false
}

func intConstant(prim byte, x int32) (string, bool) {
	s := strconv.FormatInt(int64(x), 10)
	switch prim {
	case 'I':
		return s, true
	case 'Z':
		return strconv.FormatBool(x != 0), x == 0 || x == 1
	case 'B':
		return "(byte) " + s, x == int32(int8(x))
	case 'S':
		return "(short) " + s, x == int32(int16(x))
	case 'C':
		return "(char) " + s, x >= 0 && x <= 0xFFFF
	}
	return "", false
}

// floatConstant writes a float or double constant; NaN and the
// infinities as the divisions Float and Double define them by, which name
// no class (a student's field named java would obscure java.lang.Double).
func floatConstant(x float64, bits int, box string) string {
	switch {
	case math.IsNaN(x):
		return "(0.0" + box + " / 0.0" + box + ")"
	case math.IsInf(x, 1):
		return "(1.0" + box + " / 0.0" + box + ")"
	case math.IsInf(x, -1):
		return "(-1.0" + box + " / 0.0" + box + ")"
	case x == 0 && math.Signbit(x):
		return "-0.0" + box
	}
	return "(" + strconv.FormatFloat(x, 'x', -1, bits) + box + ")"
}

// methods writes every method and, when ctors, every constructor the
// tests may call.
func (w *writer) methods(ctors bool) {
	c := w.st.c
	for _, m := range c.Methods {
		switch {
		case m.Access&(accSynthetic|accBridge|accPrivate) != 0, m.Name == "<clinit>":
			continue
		case m.Name == "<init>" && !ctors:
			continue
		case w.enumBuiltin(m), w.exc && throwableMethods[m.Name+m.Descriptor]:
			continue
		}
		if w.unspelled(m) {
			continue
		}
		if err := w.method(m); err != nil {
			if m.Access&accPublic != 0 || w.interfaceKind() {
				w.fail("%s: %v", w.memberName(m), err)
			}
		}
	}
}

// unspelled leaves out, with a note, a concrete method of a class whose
// name is a legal Java name the generated sources may not spell, for a
// letter outside ASCII (café, größe): the tests cannot call it, and the
// rest of the class is theirs, as a helper method they never call
// should be. A test that calls it does not compile, saying so. An
// abstract method, or an interface's (a test may implement it), is
// still refused, as is any other name.
func (w *writer) unspelled(m Member) bool {
	if m.Name == "<init>" || validIdent(m.Name) || !nonASCIIIdent(m.Name) ||
		m.Access&accAbstract != 0 || w.interfaceKind() {
		return false
	}
	if m.Access&accPublic != 0 {
		w.g.notes = append(w.g.notes, fmt.Sprintf("%s: a name with a letter outside ASCII, which the bridge cannot spell, so the tests cannot call it", w.memberName(m)))
	}
	return true
}

func (w *writer) memberName(m Member) string {
	if m.Name == "<init>" {
		return "constructor of " + w.dotted()
	}
	return "method " + w.dotted() + "." + printable(m.Name)
}

// enumBuiltin: an enum's values() and valueOf(String), which every enum
// (the stand-in too) has of its own.
func (w *writer) enumBuiltin(m Member) bool {
	if w.st.c.Access&accEnum == 0 || m.Access&accStatic == 0 {
		return false
	}
	self := "L" + w.st.c.Name + ";"
	return m.Name == "values" && m.Descriptor == "()["+self ||
		m.Name == "valueOf" && m.Descriptor == "(Ljava/lang/String;)"+self
}

// throwableMethods are Throwable's and Object's methods that a student's
// exception may override: on the test side they are the stand-in's own
// (its message and cause as thrown, identity equality), so that JUnit
// never calls the student's process to report a failure.
var throwableMethods = setOf(`getMessage()Ljava/lang/String; getLocalizedMessage()Ljava/lang/String;
getCause()Ljava/lang/Throwable; initCause(Ljava/lang/Throwable;)Ljava/lang/Throwable;
toString()Ljava/lang/String; fillInStackTrace()Ljava/lang/Throwable;
getStackTrace()[Ljava/lang/StackTraceElement; setStackTrace([Ljava/lang/StackTraceElement;)V
printStackTrace()V printStackTrace(Ljava/io/PrintStream;)V printStackTrace(Ljava/io/PrintWriter;)V
addSuppressed(Ljava/lang/Throwable;)V getSuppressed()[Ljava/lang/Throwable;
equals(Ljava/lang/Object;)Z hashCode()I`)

// exceptionField is a public instance field of a student's exception,
// or a public final instance field of a student's class: its stand-in
// holds the value the field had when the object crossed (an exception:
// when it was thrown or made; a final field cannot change after that).
type exceptionField struct {
	name, decl, cast string
}

// instanceFields are the public instance fields a student's exception
// declares, or the public final ones a student's class declares (not
// those of its student superclass, whose stand-in has them).
func (w *writer) instanceFields() []exceptionField {
	var out []exceptionField
	for _, f := range w.st.c.Fields {
		if f.Access&accPublic == 0 || f.Access&(accStatic|accSynthetic) != 0 || !w.exc && f.Access&accFinal == 0 {
			continue
		}
		if !validIdent(f.Name) || strings.HasPrefix(f.Name, "bridge$") {
			w.fail("field %s.%s: not a plain Java name", w.dotted(), printable(f.Name))
			continue
		}
		t, typ, err := w.fieldType(f)
		if err != nil {
			w.fail("field %s.%s: %v", w.dotted(), f.Name, err)
			continue
		}
		decl := "public " + typ
		if f.Access&accFinal != 0 {
			decl = "public final " + typ
		}
		out = append(out, exceptionField{name: f.Name, decl: decl, cast: boxed(t, typ)})
	}
	return out
}
