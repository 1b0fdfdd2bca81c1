package autograder.bridge.server;

import autograder.bridge.Peer;
import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A test's object as the student's code sees it, in a class named as the
 * test's class is (Rect for the test's ShapeTest.Rect), not $Proxy0: a
 * class written here, as java.lang.reflect.Proxy writes its own, whose
 * abstract interface methods, the default ones the test's class overrides,
 * and Object's equals, hashCode and toString each call the handler (the
 * interfaces' other default methods are theirs). It
 * is defined alone in a class loader of its own under the student's, so
 * its name takes no class of the student's. Nothing in it runs but the
 * handler's calls.
 */
final class Named {
    private Named() {
    }

    /** The classes written, by name and interfaces: each is written once. */
    private static final Map<String, Class<?>> CLASSES = new HashMap<>();

    /** An instance of a class named name with the interfaces given, calling h. */
    static Object make(ClassLoader parent, String name, Class<?>[] ifaces, InvocationHandler h, Set<String> overrides) throws ReflectiveOperationException {
        String key = name + java.util.Arrays.toString(ifaces) + new java.util.TreeSet<>(overrides);
        Class<?> k = CLASSES.get(key);
        if (k == null) {
            k = define(parent, name, ifaces, overrides);
            CLASSES.put(key, k);
        }
        return k.getConstructor(InvocationHandler.class).newInstance(h);
    }

    private static Class<?> define(ClassLoader parent, String name, Class<?>[] ifaces, Set<String> overrides) throws ReflectiveOperationException {
        Map<String, Method> methods = new LinkedHashMap<>();
        for (String m : new String[] {"equals", "hashCode", "toString"}) {
            Method om = m.equals("equals") ? Object.class.getMethod(m, Object.class) : Object.class.getMethod(m);
            methods.put(m + Peer.descriptor(om), om);
        }
        for (Class<?> i : ifaces) {
            for (Method m : i.getMethods()) {
                String key = m.getName() + Peer.descriptor(m);
                if (Modifier.isAbstract(m.getModifiers()) || m.isDefault() && overrides.contains(key)) {
                    methods.putIfAbsent(key, m);
                }
            }
        }
        List<Method> ms = new ArrayList<>(methods.values());
        byte[] b;
        try {
            b = new Writer(name, ifaces, ms).write();
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        Class<?> k = new Loader(parent).define(name, b);
        k.getField(METHODS).set(null, ms.toArray(new Method[0]));
        return k;
    }

    static final String METHODS = "bridge$methods", HANDLER = "bridge$handler";

    private static final class Loader extends ClassLoader {
        Loader(ClassLoader parent) {
            super(parent);
        }

        Class<?> define(String name, byte[] b) {
            return defineClass(name, b, 0, b.length);
        }
    }

    /** Writes the class file. */
    private static final class Writer {
        private final ByteArrayOutputStream poolBytes = new ByteArrayOutputStream();
        private final DataOutputStream pool = new DataOutputStream(poolBytes);
        private final Map<String, Integer> entries = new HashMap<>();
        private int count = 1;
        private final String name;
        private final Class<?>[] ifaces;
        private final List<Method> methods;

        Writer(String name, Class<?>[] ifaces, List<Method> methods) {
            this.name = name;
            this.ifaces = ifaces;
            this.methods = methods;
        }

        private int entry(String key, int tag, int a, int b, String utf) throws IOException {
            Integer i = entries.get(key);
            if (i != null) {
                return i;
            }
            pool.writeByte(tag);
            if (utf != null) {
                pool.writeUTF(utf);
            } else {
                pool.writeShort(a);
                if (b >= 0) {
                    pool.writeShort(b);
                }
            }
            entries.put(key, count);
            return count++;
        }

        private int utf(String s) throws IOException {
            return entry("U" + s, 1, 0, -1, s);
        }

        private int cls(String internal) throws IOException {
            return entry("C" + internal, 7, utf(internal), -1, null);
        }

        private int nat(String n, String d) throws IOException {
            return entry("N" + n + " " + d, 12, utf(n), utf(d), null);
        }

        private int ref(int tag, String owner, String n, String d) throws IOException {
            return entry("R" + tag + owner + "." + n + d, tag, cls(owner), nat(n, d), null);
        }

        private static String internal(Class<?> c) {
            return c.getName().replace('.', '/');
        }

        byte[] write() throws IOException {
            ByteArrayOutputStream body = new ByteArrayOutputStream();
            DataOutputStream out = new DataOutputStream(body);
            out.writeShort(Modifier.PUBLIC | Modifier.FINAL | 0x20); // ACC_SUPER
            out.writeShort(cls(name));
            out.writeShort(cls("java/lang/Object"));
            out.writeShort(ifaces.length);
            for (Class<?> i : ifaces) {
                out.writeShort(cls(internal(i)));
            }
            out.writeShort(2);
            field(out, Modifier.PUBLIC | Modifier.STATIC, METHODS, "[Ljava/lang/reflect/Method;");
            field(out, Modifier.PRIVATE | Modifier.FINAL, HANDLER, "Ljava/lang/reflect/InvocationHandler;");
            out.writeShort(1 + methods.size());
            constructor(out);
            for (int i = 0; i < methods.size(); i++) {
                method(out, i, methods.get(i));
            }
            out.writeShort(0); // no attributes
            ByteArrayOutputStream all = new ByteArrayOutputStream();
            DataOutputStream f = new DataOutputStream(all);
            f.writeInt(0xCAFEBABE);
            f.writeShort(0);
            f.writeShort(52);
            f.writeShort(count);
            poolBytes.writeTo(f);
            body.writeTo(f);
            return all.toByteArray();
        }

        private void field(DataOutputStream out, int access, String n, String d) throws IOException {
            out.writeShort(access);
            out.writeShort(utf(n));
            out.writeShort(utf(d));
            out.writeShort(0);
        }

        private void code(DataOutputStream out, int stack, int locals, byte[] code) throws IOException {
            out.writeShort(1);
            out.writeShort(utf("Code"));
            out.writeInt(12 + code.length);
            out.writeShort(stack);
            out.writeShort(locals);
            out.writeInt(code.length);
            out.write(code);
            out.writeShort(0); // no exception table
            out.writeShort(0); // no attributes
        }

        private void constructor(DataOutputStream out) throws IOException {
            ByteArrayOutputStream c = new ByteArrayOutputStream();
            DataOutputStream k = new DataOutputStream(c);
            k.writeByte(0x2a); // aload_0
            k.writeByte(0xb7); // invokespecial Object.<init>
            k.writeShort(ref(10, "java/lang/Object", "<init>", "()V"));
            k.writeByte(0x2a); // aload_0
            k.writeByte(0x2b); // aload_1
            k.writeByte(0xb5); // putfield
            k.writeShort(ref(9, name, HANDLER, "Ljava/lang/reflect/InvocationHandler;"));
            k.writeByte(0xb1); // return
            out.writeShort(Modifier.PUBLIC);
            out.writeShort(utf("<init>"));
            out.writeShort(utf("(Ljava/lang/reflect/InvocationHandler;)V"));
            code(out, 2, 2, c.toByteArray());
        }

        private static String letter(Class<?> p) {
            return p == boolean.class ? "Z" : p == long.class ? "J" : String.valueOf(Character.toUpperCase(p.getName().charAt(0)));
        }

        private static final Map<Class<?>, String> BOXES = Map.of(int.class, "java/lang/Integer", long.class, "java/lang/Long",
                double.class, "java/lang/Double", float.class, "java/lang/Float", boolean.class, "java/lang/Boolean",
                char.class, "java/lang/Character", short.class, "java/lang/Short", byte.class, "java/lang/Byte");

        /** handler.invoke(this, bridge$methods[i], new Object[] {args...}), its result unboxed or cast. */
        private void method(DataOutputStream out, int index, Method m) throws IOException {
            ByteArrayOutputStream c = new ByteArrayOutputStream();
            DataOutputStream k = new DataOutputStream(c);
            k.writeByte(0x2a); // aload_0
            k.writeByte(0xb4); // getfield handler
            k.writeShort(ref(9, name, HANDLER, "Ljava/lang/reflect/InvocationHandler;"));
            k.writeByte(0x2a); // aload_0
            k.writeByte(0xb2); // getstatic methods
            k.writeShort(ref(9, name, METHODS, "[Ljava/lang/reflect/Method;"));
            k.writeByte(0x11); // sipush index
            k.writeShort(index);
            k.writeByte(0x32); // aaload
            Class<?>[] ps = m.getParameterTypes();
            int slot = 1;
            if (ps.length == 0) {
                k.writeByte(0x01); // aconst_null
            } else {
                k.writeByte(0x11); // sipush n
                k.writeShort(ps.length);
                k.writeByte(0xbd); // anewarray Object
                k.writeShort(cls("java/lang/Object"));
                for (int i = 0; i < ps.length; i++) {
                    k.writeByte(0x59); // dup
                    k.writeByte(0x11); // sipush i
                    k.writeShort(i);
                    slot += load(k, ps[i], slot);
                    k.writeByte(0x53); // aastore
                }
            }
            k.writeByte(0xb9); // invokeinterface InvocationHandler.invoke
            k.writeShort(ref(11, "java/lang/reflect/InvocationHandler", "invoke",
                    "(Ljava/lang/Object;Ljava/lang/reflect/Method;[Ljava/lang/Object;)Ljava/lang/Object;"));
            k.writeByte(4);
            k.writeByte(0);
            result(k, m.getReturnType());
            out.writeShort(Modifier.PUBLIC | Modifier.FINAL);
            out.writeShort(utf(m.getName()));
            out.writeShort(utf(Peer.descriptor(m)));
            code(out, 8, slot, c.toByteArray());
        }

        /** Loads parameter of type t at slot, boxed; returns its slots. */
        private int load(DataOutputStream k, Class<?> t, int slot) throws IOException {
            int op = t == long.class ? 0x16 : t == float.class ? 0x17 : t == double.class ? 0x18 : t.isPrimitive() ? 0x15 : 0x19;
            k.writeByte(0xc4); // wide: any slot
            k.writeByte(op);
            k.writeShort(slot);
            if (t.isPrimitive()) {
                String box = BOXES.get(t);
                k.writeByte(0xb8); // invokestatic valueOf
                k.writeShort(ref(10, box, "valueOf", "(" + letter(t) + ")L" + box + ";"));
            }
            return t == long.class || t == double.class ? 2 : 1;
        }

        private void result(DataOutputStream k, Class<?> r) throws IOException {
            if (r == void.class) {
                k.writeByte(0x57); // pop
                k.writeByte(0xb1); // return
                return;
            }
            if (!r.isPrimitive()) {
                k.writeByte(0xc0); // checkcast
                k.writeShort(cls(r.isArray() ? r.getName().replace('.', '/') : internal(r)));
                k.writeByte(0xb0); // areturn
                return;
            }
            String box = BOXES.get(r);
            k.writeByte(0xc0); // checkcast the box
            k.writeShort(cls(box));
            k.writeByte(0xb6); // invokevirtual xValue
            k.writeShort(ref(10, box, r.getName() + "Value", "()" + letter(r)));
            int op = r == long.class ? 0xad : r == float.class ? 0xae : r == double.class ? 0xaf : 0xac;
            k.writeByte(op);
        }
    }
}
