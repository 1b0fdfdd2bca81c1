package javabridge

import (
	"errors"
	"fmt"
	"strings"
)

// maxTypeDepth bounds how deeply types nest in one signature
// (List<List<...>>, arrays of arrays): deeper is no honest API.
const maxTypeDepth = 24

// jtype is a Java type as a descriptor or a generic signature writes it.
type jtype struct {
	prim  byte   // 'I', 'J', ... or 'V'; 0 for a reference type
	tvar  string // a type variable's name
	class string // a class's binary name ("java/util/List")
	args  []typeArg
	dims  int // array dimensions around all the above
}

type typeArg struct {
	wild byte // 0, '*', '+' (extends) or '-' (super)
	t    *jtype
}

// typeParam is one of a class's or method's type parameters.
type typeParam struct {
	name   string
	bounds []*jtype
}

// methodSig is a method's descriptor or generic signature, read.
type methodSig struct {
	tparams []typeParam
	params  []*jtype
	result  *jtype
	throws  []*jtype
}

// classSig is a class's generic signature, read.
type classSig struct {
	tparams []typeParam
	super   *jtype
	ifaces  []*jtype
}

type sigParser struct {
	s     string
	depth int
}

var errSig = errors.New("malformed type signature")

func (p *sigParser) peek() byte {
	if p.s == "" {
		return 0
	}
	return p.s[0]
}

func (p *sigParser) eat(c byte) bool {
	if p.peek() == c {
		p.s = p.s[1:]
		return true
	}
	return false
}

// ident reads an identifier up to one of the signature grammar's marks.
func (p *sigParser) ident() (string, error) {
	i := strings.IndexAny(p.s, ".;[/<>:")
	if i <= 0 {
		return "", errSig
	}
	id := p.s[:i]
	p.s = p.s[i:]
	return id, nil
}

func (p *sigParser) typ(allowVoid bool) (*jtype, error) {
	if p.depth++; p.depth > maxTypeDepth {
		return nil, errors.New("types nested too deeply")
	}
	defer func() { p.depth-- }()
	c := p.peek()
	switch {
	case c != 0 && strings.IndexByte("BCDFIJSZ", c) >= 0, c == 'V' && allowVoid:
		p.s = p.s[1:]
		return &jtype{prim: c}, nil
	case c == '[':
		p.s = p.s[1:]
		t, err := p.typ(false)
		if err != nil {
			return nil, err
		}
		t.dims++
		return t, nil
	case c == 'T':
		p.s = p.s[1:]
		id, err := p.ident()
		if err != nil || !p.eat(';') {
			return nil, errSig
		}
		return &jtype{tvar: id}, nil
	case c == 'L':
		p.s = p.s[1:]
		return p.classType()
	}
	return nil, errSig
}

func (p *sigParser) classType() (*jtype, error) {
	var name strings.Builder
	for {
		id, err := p.ident()
		if err != nil {
			return nil, err
		}
		name.WriteString(id)
		if !p.eat('/') {
			break
		}
		name.WriteByte('/')
	}
	t := &jtype{class: name.String()}
	if p.eat('<') {
		for !p.eat('>') {
			a, err := p.typeArg()
			if err != nil {
				return nil, err
			}
			t.args = append(t.args, a)
		}
		if len(t.args) == 0 {
			return nil, errSig
		}
	}
	for p.eat('.') {
		// an inner class of a generic class (LinkedBag<T>.Cursor): named
		// by its binary name, its outer class raw (LinkedBag.Cursor)
		id, err := p.ident()
		if err != nil {
			return nil, err
		}
		if p.peek() == '<' {
			return nil, errors.New("a generic inner (non-static) class's type is not supported")
		}
		t = &jtype{class: t.class + "$" + id}
	}
	if !p.eat(';') {
		return nil, errSig
	}
	return t, nil
}

func (p *sigParser) typeArg() (typeArg, error) {
	if p.eat('*') {
		return typeArg{wild: '*'}, nil
	}
	var a typeArg
	if c := p.peek(); c == '+' || c == '-' {
		a.wild, p.s = c, p.s[1:]
	}
	t, err := p.typ(false)
	if err != nil {
		return a, err
	}
	if t.prim != 0 && t.dims == 0 {
		return a, errSig
	}
	a.t = t
	return a, nil
}

func (p *sigParser) typeParams() ([]typeParam, error) {
	if !p.eat('<') {
		return nil, nil
	}
	var tps []typeParam
	for !p.eat('>') {
		id, err := p.ident()
		if err != nil || !p.eat(':') {
			return nil, errSig
		}
		tp := typeParam{name: id}
		if p.peek() != ':' {
			b, err := p.typ(false)
			if err != nil {
				return nil, err
			}
			tp.bounds = append(tp.bounds, b)
		}
		for p.eat(':') {
			b, err := p.typ(false)
			if err != nil {
				return nil, err
			}
			tp.bounds = append(tp.bounds, b)
		}
		tps = append(tps, tp)
		if len(tps) > 64 {
			return nil, errSig
		}
	}
	if len(tps) == 0 {
		return nil, errSig
	}
	return tps, nil
}

func parseField(s string) (*jtype, error) {
	p := &sigParser{s: s}
	t, err := p.typ(false)
	if err == nil && p.s != "" {
		err = errSig
	}
	return t, err
}

func parseMethod(s string) (*methodSig, error) {
	p := &sigParser{s: s}
	var m methodSig
	var err error
	if m.tparams, err = p.typeParams(); err != nil {
		return nil, err
	}
	if !p.eat('(') {
		return nil, errSig
	}
	for !p.eat(')') {
		t, err := p.typ(false)
		if err != nil {
			return nil, err
		}
		if m.params = append(m.params, t); len(m.params) > 255 {
			return nil, errSig
		}
	}
	if m.result, err = p.typ(true); err != nil {
		return nil, err
	}
	for p.eat('^') {
		t, err := p.typ(false)
		if err != nil {
			return nil, err
		}
		m.throws = append(m.throws, t)
	}
	if p.s != "" {
		return nil, errSig
	}
	return &m, nil
}

func parseClassSig(s string) (*classSig, error) {
	p := &sigParser{s: s}
	var c classSig
	var err error
	if c.tparams, err = p.typeParams(); err != nil {
		return nil, err
	}
	if c.super, err = p.typ(false); err != nil {
		return nil, err
	}
	for p.s != "" {
		t, err := p.typ(false)
		if err != nil {
			return nil, err
		}
		c.ifaces = append(c.ifaces, t)
	}
	return &c, nil
}

// typeNamer renders a class's binary name in source, or says why the
// tests cannot name it.
type typeNamer func(bin string) (string, error)

var primNames = map[byte]string{'B': "byte", 'C': "char", 'D': "double", 'F': "float",
	'I': "int", 'J': "long", 'S': "short", 'Z': "boolean", 'V': "void"}

// render writes t as Java source. tvars are the type variables in scope.
func (t *jtype) render(name typeNamer, tvars map[string]bool) (string, error) {
	var b strings.Builder
	if err := t.write(&b, name, tvars); err != nil {
		return "", err
	}
	return b.String(), nil
}

func (t *jtype) write(b *strings.Builder, name typeNamer, tvars map[string]bool) error {
	switch {
	case t.prim != 0:
		b.WriteString(primNames[t.prim])
	case t.tvar != "":
		if !tvars[t.tvar] || !validTypeName(t.tvar) {
			return fmt.Errorf("type variable %q", t.tvar)
		}
		b.WriteString(t.tvar)
	default:
		n, err := name(t.class)
		if err != nil {
			return err
		}
		b.WriteString(n)
		if err := writeArgs(b, t.args, name, tvars); err != nil {
			return err
		}
	}
	b.WriteString(strings.Repeat("[]", t.dims))
	return nil
}

func writeArgs(b *strings.Builder, args []typeArg, name typeNamer, tvars map[string]bool) error {
	if len(args) == 0 {
		return nil
	}
	b.WriteByte('<')
	for i, a := range args {
		if i > 0 {
			b.WriteString(", ")
		}
		switch a.wild {
		case '*':
			b.WriteByte('?')
			continue
		case '+':
			b.WriteString("? extends ")
		case '-':
			b.WriteString("? super ")
		}
		if err := a.t.write(b, name, tvars); err != nil {
			return err
		}
	}
	b.WriteByte('>')
	return nil
}

// renderParams writes type parameters ("<T extends Comparable<T>>").
func renderParams(tps []typeParam, name typeNamer, tvars map[string]bool) (string, error) {
	if len(tps) == 0 {
		return "", nil
	}
	var b strings.Builder
	b.WriteByte('<')
	for i, tp := range tps {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(tp.name)
		bounds := tp.bounds
		if len(bounds) == 1 && bounds[0].class == "java/lang/Object" && bounds[0].dims == 0 {
			bounds = nil // the default bound, written as javac would
		}
		for j, bound := range bounds {
			if j == 0 {
				b.WriteString(" extends ")
			} else {
				b.WriteString(" & ")
			}
			if err := bound.write(&b, name, tvars); err != nil {
				return "", err
			}
		}
	}
	b.WriteByte('>')
	return b.String(), nil
}
