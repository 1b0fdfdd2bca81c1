package javabridge

import (
	"errors"
	"fmt"
	"maps"
	"strings"
)

// method writes one forwarding method or constructor.
func (w *writer) method(m Member) error { return w.forward(m, nil) }

// forward writes one forwarding method or constructor; given, when not
// nil, is its signature (a JDK method's, with the stand-in's type
// arguments put in), else it is read from m.
func (w *writer) forward(m Member, given *methodSig) error {
	if m.Name != "<init>" && !validIdent(m.Name) {
		return errors.New("not a plain Java name")
	}
	desc, err := parseMethod(m.Descriptor)
	if err != nil {
		return fmt.Errorf("its descriptor: %w", err)
	}
	// The descriptor is what the student's side resolves the call by:
	// every type in it must be one the tests can name, whatever the
	// generic signature says.
	for _, t := range append([]*jtype{desc.result}, desc.params...) {
		if _, err := t.render(w.g.typeName, nil); err != nil {
			return err
		}
	}
	sig := desc
	if given != nil {
		if len(given.params) != len(desc.params) {
			return errors.New("its signature does not match its descriptor")
		}
		sig = given
	} else if m.Signature != "" {
		if s, err := parseMethod(m.Signature); err == nil && len(s.params) == len(desc.params) {
			sig = s
		} else if err != nil {
			return fmt.Errorf("its generic signature: %w", err)
		}
	}
	static := m.Access&accStatic != 0
	tvars := maps.Clone(w.tvars)
	if static {
		tvars = map[string]bool{}
	}
	for _, tp := range sig.tparams {
		if !validTypeName(tp.name) || shadowers[tp.name] {
			return fmt.Errorf("type parameter %s", printable(tp.name))
		}
		tvars[tp.name] = true
	}
	h, err := w.header(m, sig, tvars)
	if err != nil {
		return err
	}
	body, err := w.body(m, desc, sig, tvars)
	if err != nil {
		return err
	}
	w.b.WriteString("\n    " + h + body)
	return nil
}

// header writes modifiers, type parameters, result, name, parameters and
// throws clause.
func (w *writer) header(m Member, sig *methodSig, tvars map[string]bool) (string, error) {
	var b strings.Builder
	iface := w.interfaceKind()
	switch {
	case iface:
	case m.Access&accPublic != 0:
		b.WriteString("public ")
	case m.Access&accProtected != 0:
		b.WriteString("protected ")
	}
	if m.Access&accStatic != 0 {
		b.WriteString("static ")
	} else if iface && m.Access&accAbstract == 0 {
		b.WriteString("default ")
	}
	tps, err := renderParams(sig.tparams, w.g.typeName, tvars)
	if err != nil {
		return "", err
	}
	if tps != "" {
		b.WriteString(tps + " ")
	}
	if m.Name == "<init>" {
		b.WriteString(w.name())
	} else {
		r, err := sig.result.render(w.g.typeName, tvars)
		if err != nil {
			return "", err
		}
		b.WriteString(r + " " + m.Name)
	}
	params, err := w.params(m, sig, tvars)
	if err != nil {
		return "", err
	}
	b.WriteString("(" + params + ")")
	throws, err := w.throws(m, sig, tvars)
	if err != nil {
		return "", err
	}
	b.WriteString(throws)
	return b.String(), nil
}

func (w *writer) params(m Member, sig *methodSig, tvars map[string]bool) (string, error) {
	var ps []string
	for i, p := range sig.params {
		t := *p
		varargs := m.Access&accVarargs != 0 && i == len(sig.params)-1 && t.dims > 0
		if varargs {
			t.dims--
		}
		s, err := t.render(w.g.typeName, tvars)
		if err != nil {
			return "", err
		}
		if varargs {
			s += "..."
		}
		ps = append(ps, fmt.Sprintf("%s a%d", s, i))
	}
	return strings.Join(ps, ", "), nil
}

func (w *writer) throws(m Member, sig *methodSig, tvars map[string]bool) (string, error) {
	var ts []string
	if len(sig.throws) > 0 {
		for _, t := range sig.throws {
			s, err := t.render(w.g.typeName, tvars)
			if err != nil {
				return "", err
			}
			ts = append(ts, s)
		}
	} else {
		for _, e := range m.Exceptions {
			s, err := w.g.typeName(e)
			if err != nil {
				return "", err
			}
			ts = append(ts, s)
		}
	}
	if len(ts) == 0 {
		return "", nil
	}
	return " throws " + strings.Join(ts, ", "), nil
}

// body forwards the call: a constructor through Bridge.construct, a
// method through Bridge.call with its declaring class, name and
// descriptor (which choose the overload on the student's side) and the
// class its result decodes to.
func (w *writer) body(m Member, desc, sig *methodSig, tvars map[string]bool) (string, error) {
	args := make([]string, len(desc.params))
	for i := range args {
		args[i] = fmt.Sprintf("a%d", i)
	}
	argv := "new Object[] {" + strings.Join(args, ", ") + "}"
	if m.Name == "<init>" {
		make := "construct"
		if w.exc || w.plainClass() && w.g.carries(w.st.c.Name) {
			make = "constructThrown"
		}
		return fmt.Sprintf(" {\n        this(autograder.bridge.Bridge.%s(%s, %s, %s));\n        autograder.bridge.Bridge.adopt(this);\n    }\n", make, lit(w.dotted()), lit(m.Descriptor), argv), nil
	}
	if w.interfaceKind() && m.Access&(accAbstract|accStatic) == accAbstract {
		return ";\n", nil
	}
	self := "this"
	if m.Access&accStatic != 0 {
		self = "null"
	}
	erased, err := desc.result.render(w.g.typeName, nil)
	if err != nil {
		return "", err
	}
	call := fmt.Sprintf("%s(%s, %s, %s, %s, %s.class, %s)", bridgeCall, self, lit(w.dotted()), lit(m.Name), lit(m.Descriptor), erased, argv)
	switch {
	case m.Name == "equals" && m.Descriptor == "(Ljava/lang/Object;)Z" && self == "this":
		// A student's object equals only another of the student's objects:
		// a plain value the test holds is never equal to it. null, which
		// tells the student's code nothing, is its equals' to answer (an
		// equals that casts null throws, as in one process).
		return fmt.Sprintf(" {\n        return (a0 == null || a0 instanceof autograder.bridge.Remote) && (Boolean) %s;\n    }\n", call), nil
	case desc.result.prim == 'V':
		return fmt.Sprintf(" {\n        %s;\n    }\n", call), nil
	}
	r, err := sig.result.render(w.g.typeName, tvars)
	if err != nil {
		return "", err
	}
	return fmt.Sprintf(" {\n        return (%s) %s;\n    }\n", boxed(sig.result, r), call), nil
}
