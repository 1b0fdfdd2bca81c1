package javabridge

import (
	"errors"
	"fmt"
	"maps"
	"strings"
)

// A student's class that extends one of the JDK's classes other than a
// throwable (an Inventory extends ArrayList<Item>, a Graph extends
// HashMap<String, List<String>>): its stand-in extends the same JDK class,
// with the same type arguments, and forwards every public instance method
// the class has from the JDK (the JDK's own implementations included) to
// the student's object, so that the stand-in's own JDK state, which stays
// empty, is never what a test reads. The JDK's class files are read from
// its run-time image (JDK), as for exceptions.

// jdkMethod is a public instance method a stand-in has from the JDK: the
// member as the JDK declares it (its descriptor is what the student's
// side resolves the call by) and its signature with the stand-in's type
// arguments put in.
type jdkMethod struct {
	m   Member
	sig *methodSig
}

// maxJDKTypes bounds the JDK classes and interfaces one stand-in's
// methods are gathered from.
const maxJDKTypes = 64

// jdkSuper says why a stand-in cannot extend s, a JDK class that is no
// throwable, for the student's class c ("" when it can): the JDK's
// classes must be readable, s public and not final, with a public or
// protected constructor that takes nothing, and every public instance
// method it has (but Object's) one a stand-in can forward: not final.
func (g *gen) jdkSuper(c *Class, s string) error {
	refuse := func(why string) error {
		return fmt.Errorf("class %s extends %s: %s, so the tests cannot use it (hold a %s in a field instead of extending it)",
			javaName(c.Name), printable(javaName(s)), why, printable(javaName(s)))
	}
	if g.jdk == nil {
		return refuse("the JDK's own classes cannot be read on this machine")
	}
	jc, err := g.jdk.class(s)
	if err != nil {
		return refuse(fmt.Sprintf("its class file cannot be read (%v)", err))
	}
	switch {
	case jc == nil || jc.Name != s:
		return refuse("it is no class of the JDK's")
	case jc.Access&accPublic == 0 || jc.Access&(accFinal|accInterface) != 0:
		return refuse("it is not a public class a stand-in can extend")
	}
	if !noArgConstructor(jc) {
		return refuse("it has no public or protected constructor that takes nothing, which a stand-in needs")
	}
	if _, err := g.inherited(&jtype{class: s}, nil); err != nil {
		return refuse(err.Error())
	}
	return nil
}

// inherited are the public instance methods a class whose superclass is
// super (a JDK class, with the student's type arguments) has from the
// JDK, each once: from the class and its superclasses first, then from
// their interfaces, nearest first, so that the most specific declaration
// of a method is the one forwarded. A public final method (but Object's,
// which are not gathered) is an error: a stand-in cannot forward it.
func (g *gen) inherited(super *jtype, bounds map[string]*jtype) ([]jdkMethod, error) {
	var out []jdkMethod
	seen := map[string]bool{}
	visited := map[string]bool{}
	var ifaces []*jtype
	add := func(t *jtype) error {
		if visited[t.class] {
			return nil
		}
		visited[t.class] = true
		if len(visited) > maxJDKTypes {
			return errors.New("its JDK classes and interfaces are too many")
		}
		jc, env, sig, err := g.jdkType(t)
		if err != nil {
			return err
		}
		ms, err := jdkMethods(jc, env, bounds, seen)
		if err != nil {
			return err
		}
		out = append(out, ms...)
		for i, name := range jc.Interfaces {
			it := &jtype{class: name}
			if sig != nil && env != nil {
				it = subst(sig.ifaces[i], env, nil)
			}
			ifaces = append(ifaces, it)
		}
		return nil
	}
	for t, n := super, 0; t != nil && t.class != "java/lang/Object"; n++ {
		if n > maxJDKTypes || !jdkClass(t.class) {
			return nil, fmt.Errorf("its superclasses are not the JDK's")
		}
		if err := add(t); err != nil {
			return nil, err
		}
		jc, env, sig, _ := g.jdkType(t)
		switch {
		case jc.Super == "":
			t = nil
		case sig != nil && env != nil:
			t = subst(sig.super, env, nil)
		default:
			t = &jtype{class: jc.Super}
		}
	}
	for i := 0; i < len(ifaces); i++ {
		if !jdkClass(ifaces[i].class) {
			return nil, fmt.Errorf("its interface %s is not the JDK's", printable(javaName(ifaces[i].class)))
		}
		if err := add(ifaces[i]); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// jdkType reads the JDK class or interface t names, and binds its type
// parameters to t's arguments (env nil: t is raw, and so are its
// members).
func (g *gen) jdkType(t *jtype) (*Class, map[string]*jtype, *classSig, error) {
	jc, err := g.jdk.class(t.class)
	if err != nil {
		return nil, nil, nil, fmt.Errorf("%s: %w", javaName(t.class), err)
	}
	if jc == nil || jc.Name != t.class {
		return nil, nil, nil, fmt.Errorf("the JDK has no class %s", printable(javaName(t.class)))
	}
	if jc.Signature == "" {
		return jc, map[string]*jtype{}, nil, nil
	}
	sig, err := parseClassSig(jc.Signature)
	if err != nil || !sigMatches(sig, jc) {
		return nil, nil, nil, fmt.Errorf("%s: its generic signature cannot be read", javaName(t.class))
	}
	if len(t.args) != len(sig.tparams) {
		return jc, nil, sig, nil // raw
	}
	env := map[string]*jtype{}
	for i, tp := range sig.tparams {
		if t.args[i].wild != 0 {
			return jc, nil, sig, nil
		}
		env[tp.name] = t.args[i].t
	}
	return jc, env, sig, nil
}

// jdkMethods are jc's public instance methods not seen before (by name
// and erased parameters, as declared or with the type arguments put in:
// File's compareTo(File) is Comparable<File>'s compareTo(T)), with env's
// type arguments put in their signatures (env nil: their erasure);
// bounds are the first bounds of the student's class's type variables.
func jdkMethods(jc *Class, env, bounds map[string]*jtype, seen map[string]bool) ([]jdkMethod, error) {
	var out []jdkMethod
	for _, m := range jc.Methods {
		if m.Access&accPublic == 0 || m.Access&(accStatic|accSynthetic|accBridge) != 0 || strings.HasPrefix(m.Name, "<") {
			continue
		}
		if m.Access&accFinal != 0 {
			return nil, fmt.Errorf("its method %s is final, and a stand-in cannot forward it", m.Name)
		}
		desc, err := parseMethod(m.Descriptor)
		if err != nil {
			return nil, fmt.Errorf("its method %s: %w", m.Name, err)
		}
		sig := desc
		if m.Signature != "" && env != nil {
			s, err := parseMethod(m.Signature)
			if err != nil || len(s.params) != len(desc.params) {
				return nil, fmt.Errorf("its method %s: its generic signature cannot be read", m.Name)
			}
			sig = substMethod(s, env)
		}
		key, typed := m.Name+paramsOf(m.Descriptor), m.Name+erasedParams(sig, bounds)
		if seen[key] || seen[typed] {
			continue
		}
		seen[key], seen[typed] = true, true
		out = append(out, jdkMethod{m: m, sig: sig})
	}
	return out, nil
}

// paramsOf is a method descriptor's parameters, "(...)".
func paramsOf(desc string) string {
	if i := strings.IndexByte(desc, ')'); i >= 0 {
		return desc[:i+1]
	}
	return desc
}

// substMethod is s with env's type arguments put in, but for the type
// variables s declares itself (which shadow the class's).
func substMethod(s *methodSig, env map[string]*jtype) *methodSig {
	own := map[string]bool{}
	for _, tp := range s.tparams {
		own[tp.name] = true
	}
	out := &methodSig{result: subst(s.result, env, own)}
	for _, tp := range s.tparams {
		ntp := typeParam{name: tp.name}
		for _, b := range tp.bounds {
			ntp.bounds = append(ntp.bounds, subst(b, env, own))
		}
		out.tparams = append(out.tparams, ntp)
	}
	for _, p := range s.params {
		out.params = append(out.params, subst(p, env, own))
	}
	for _, t := range s.throws {
		out.throws = append(out.throws, subst(t, env, own))
	}
	return out
}

// subst is t with env's types for its type variables (but own's).
func subst(t *jtype, env map[string]*jtype, own map[string]bool) *jtype {
	if t == nil {
		return nil
	}
	if t.tvar != "" {
		if v, ok := env[t.tvar]; ok && !own[t.tvar] {
			n := *v
			n.dims += t.dims
			return &n
		}
		return t
	}
	if len(t.args) == 0 {
		return t
	}
	n := *t
	n.args = make([]typeArg, len(t.args))
	for i, a := range t.args {
		n.args[i] = typeArg{wild: a.wild, t: subst(a.t, env, own)}
	}
	return &n
}

// erasedParams are sig's parameters erased, "(...)" as a descriptor
// writes them.
func erasedParams(sig *methodSig, bounds map[string]*jtype) string {
	if len(sig.tparams) > 0 {
		// the method's own type variables shadow the class's
		bounds = maps.Clone(bounds)
		if bounds == nil {
			bounds = map[string]*jtype{}
		}
		for _, tp := range sig.tparams {
			bounds[tp.name] = nil
			if len(tp.bounds) > 0 {
				bounds[tp.name] = tp.bounds[0]
			}
		}
	}
	var b strings.Builder
	b.WriteByte('(')
	for _, p := range sig.params {
		b.WriteString(erasure(p, bounds))
	}
	b.WriteByte(')')
	return b.String()
}

// noArgConstructor says whether a subclass in another package can call
// one of c's constructors with nothing.
func noArgConstructor(c *Class) bool {
	for _, m := range c.Methods {
		if m.Name == "<init>" && m.Descriptor == "()V" && m.Access&(accPublic|accProtected) != 0 {
			return true
		}
	}
	return false
}

// erasure is t's erasure as a descriptor; bounds are the first bounds of
// the type variables in scope (none: Object).
func erasure(t *jtype, bounds map[string]*jtype) string {
	dims := strings.Repeat("[", t.dims)
	switch {
	case t.prim != 0:
		return dims + string(t.prim)
	case t.tvar != "":
		if b := bounds[t.tvar]; b != nil && b.tvar == "" {
			return dims + erasure(&jtype{prim: b.prim, class: b.class, dims: b.dims}, nil)
		}
		return dims + "Ljava/lang/Object;"
	}
	return dims + "L" + t.class + ";"
}

// jdkForwards writes the methods the stand-in has from its JDK
// superclass, but those the student's class declares itself (by the
// JDK's erased parameters, or by the parameters the type arguments give
// them), and returns their keys (name and parameters, both ways).
func (w *writer) jdkForwards() map[string]bool {
	c := w.st.c
	super := &jtype{class: c.Super}
	if w.st.sig != nil {
		super = w.st.sig.super
	}
	bounds := w.bounds()
	written := map[string]bool{}
	ms, err := w.g.inherited(super, bounds)
	if err != nil {
		w.fail("class %s extends %s: %v", w.dotted(), javaName(c.Super), err)
		return written
	}
	own := map[string]bool{}
	for _, m := range c.Methods {
		own[m.Name+paramsOf(m.Descriptor)] = true
	}
	for _, jm := range ms {
		if own[jm.m.Name+paramsOf(jm.m.Descriptor)] || own[jm.m.Name+erasedParams(jm.sig, bounds)] {
			continue
		}
		if err := w.forward(jm.m, jm.sig); err != nil {
			w.fail("class %s: the method %s it has from %s: %v", w.dotted(), jm.m.Name, javaName(c.Super), err)
		}
		written[jm.m.Name+paramsOf(jm.m.Descriptor)], written[jm.m.Name+erasedParams(jm.sig, bounds)] = true, true
	}
	return written
}

// bounds are the first bounds of the class's type variables.
func (w *writer) bounds() map[string]*jtype {
	bounds := map[string]*jtype{}
	if w.st.sig != nil {
		for _, tp := range w.st.sig.tparams {
			if len(tp.bounds) > 0 {
				bounds[tp.name] = tp.bounds[0]
			}
		}
	}
	return bounds
}

// sigMatches says whether a generic signature names the class's own super
// class and interfaces: a stand-in extends and implements what the class
// file's structure says, whatever an attribute claims.
func sigMatches(sig *classSig, c *Class) bool {
	if sig.super == nil || sig.super.class != c.Super || sig.super.dims != 0 || len(sig.ifaces) != len(c.Interfaces) {
		return false
	}
	for i, t := range sig.ifaces {
		if t.class != c.Interfaces[i] || t.dims != 0 {
			return false
		}
	}
	return true
}
