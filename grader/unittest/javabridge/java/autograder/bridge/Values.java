package autograder.bridge;

import java.lang.reflect.Array;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The values that cross the bridge, as both sides write and read them.
 * Plain data crosses by value: null, booleans, Integer (a JSON integer),
 * Double (a JSON number, or {"float":"NaN"}), String, and tagged objects
 * for the other boxes ({"long":"5"}, {"short":5}, {"byte":5}, {"char":65},
 * {"float32":"1.5"}, {"int":"<BigInteger>"}, {"decimal":"<BigDecimal>"}),
 * arrays with their element type ({"array":{"type":"int","items":[]}}),
 * and the JDK's own lists, sets and maps ({"list":[]}, {"set":[]},
 * {"map":[[k,v]]}). A value is plain only when its class is exactly one
 * of those; anything else crosses as a handle, which each side turns into
 * what it may hold. Reading checks every field and the declared type.
 */
public abstract class Values {
    /** How deeply a value may nest, and how many parts one message may carry. */
    static final int MAX_DEPTH = 64, MAX_PARTS = 1 << 20;
    private static final Pattern REAL = Pattern.compile("-?(\\d{1,400}\\.\\d{1,400}(E-?\\d{1,4})?|Infinity)|NaN");
    private static final Pattern INT = Pattern.compile("-?\\d{1,20000}");
    private static final Pattern DECIMAL = Pattern.compile("-?\\d{1,20000}(\\.\\d{1,20000})?(E[+-]?\\d{1,4})?");

    private int parts;
    /**
     * The student's exceptions described in full (with their fields) in the
     * message being written: a second meeting (a field that holds its own
     * exception, a cycle, a shared one) is its handle alone, so identity
     * crosses and nothing is copied twice.
     */
    protected final Set<Object> described = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());

    /** Thrown for a value that breaks the rules; the message says how. */
    public static final class BadValue extends RuntimeException {
        public BadValue(String why) {
            super(why);
        }
    }

    /**
     * A value of a type the bridge cannot carry at all (a Thread, a
     * StringBuilder), though the API declares it: a limit of the bridge,
     * not the other side's fault.
     */
    public static final class Uncarried extends RuntimeException {
        public Uncarried(String why) {
            super(why);
        }
    }

    /** Encodes what is neither plain nor an array or JDK collection, depth deep in the value. */
    protected abstract Object encodeOther(Object v, int depth);

    /** Whether a Class object may cross, by its name: the other side has a class of that name for it. */
    protected abstract boolean crossesAsClass(Class<?> k);

    /** The class {"class":name} names on this side. */
    protected abstract Class<?> classNamed(String name);

    private static final Map<String, Class<?>> PRIMITIVES = Map.of("int", int.class, "long", long.class,
            "double", double.class, "float", float.class, "boolean", boolean.class, "char", char.class,
            "short", short.class, "byte", byte.class, "void", void.class);

    /** A primitive type by name, or null. */
    protected static Class<?> primitive(String name) {
        return PRIMITIVES.get(name);
    }

    /** Decodes a map with a "handle" key as a value assignable to want. */
    protected abstract Object decodeHandle(Map<?, ?> m, Class<?> want);

    /** Decodes {"enum":class,"name":constant}. */
    protected abstract Object decodeEnum(String cls, String name);

    /** The class an array's element type names (not a primitive). */
    protected abstract Class<?> elementClass(String name);

    protected static Map<String, Object> tag(String k, Object v) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put(k, v);
        return m;
    }

    /** Encodes one value. */
    public final Object encode(Object v) {
        startMessage();
        return enc(v, 0);
    }

    /** Starts a message: its parts are counted, and its exceptions described, afresh. */
    protected final void startMessage() {
        parts = 0;
        described.clear();
    }

    protected final Object enc(Object v, int depth) {
        if (++parts > MAX_PARTS || depth > MAX_DEPTH) {
            throw new BadValue("a value too large or too deeply nested to cross the bridge");
        }
        if (v == null) {
            return null;
        }
        Class<?> c = v.getClass();
        if (c == String.class || c == Integer.class || c == Boolean.class) {
            return v;
        }
        Object s = scalar(v, c);
        if (s != null) {
            return s;
        }
        if (c == Optional.class) {
            List<Object> items = new ArrayList<>();
            ((Optional<?>) v).ifPresent(x -> items.add(enc(x, depth + 1)));
            return tag("optional", items);
        }
        if (c == Class.class) {
            // a class (Dog.class, to filter by): by its name, the stand-in's being the student's
            if (!crossesAsClass((Class<?>) v)) {
                throw new Uncarried("the class " + ((Class<?>) v).getName() + ", which the other side does not have");
            }
            return tag("class", ((Class<?>) v).getName());
        }
        if (c == java.util.OptionalInt.class || c == java.util.OptionalLong.class || c == java.util.OptionalDouble.class) {
            return primitiveOptional(v, depth);
        }
        if (c.isArray()) {
            List<Object> items = new ArrayList<>();
            int n = Array.getLength(v);
            for (int i = 0; i < n; i++) {
                items.add(enc(Array.get(v, i), depth + 1));
            }
            Map<String, Object> a = tag("type", c.getComponentType().getName());
            a.put("items", items);
            return tag("array", a);
        }
        if (c.getClassLoader() == null && (v instanceof Collection || v instanceof Map)) {
            return collection(v, depth);
        }
        if (c == StringBuilder.class || c == StringBuffer.class) {
            // mutable text: copied, and copied back after a call (copyInto)
            List<Object> b = new ArrayList<>();
            b.add(c.getName());
            b.add(v.toString());
            return tag("builder", b);
        }
        if (TEXT_VALUES.containsKey(c)) {
            // an immutable value of the JDK's that its text makes again (a LocalDate, a Duration, a UUID)
            List<Object> tv = new ArrayList<>();
            tv.add(c.getName());
            tv.add(v.toString());
            return tag("jdk", tv);
        }
        if (v instanceof Enum && ((Enum<?>) v).getDeclaringClass().getClassLoader() == null
                && java.lang.reflect.Modifier.isPublic(((Enum<?>) v).getDeclaringClass().getModifiers())) {
            // one of the JDK's enums (a Collector's characteristics, a TimeUnit): by value
            Map<String, Object> m = tag("enum", ((Enum<?>) v).getDeclaringClass().getName());
            m.put("name", ((Enum<?>) v).name());
            return m;
        }
        return encodeOther(v, depth);
    }

    /** An OptionalInt, OptionalLong or OptionalDouble: {"optionalInt":[V]} or {"optionalInt":[]}. */
    private Object primitiveOptional(Object v, int depth) {
        List<Object> items = new ArrayList<>();
        if (v instanceof java.util.OptionalInt) {
            ((java.util.OptionalInt) v).ifPresent(x -> items.add(enc(x, depth + 1)));
            return tag("optionalInt", items);
        }
        if (v instanceof java.util.OptionalLong) {
            ((java.util.OptionalLong) v).ifPresent(x -> items.add(enc(x, depth + 1)));
            return tag("optionalLong", items);
        }
        ((java.util.OptionalDouble) v).ifPresent(x -> items.add(enc(x, depth + 1)));
        return tag("optionalDouble", items);
    }

    private static Object scalar(Object v, Class<?> c) {
        if (c == Double.class) {
            double d = (Double) v;
            return Double.isNaN(d) || Double.isInfinite(d) ? tag("float", v.toString()) : v;
        }
        if (c == Long.class) {
            return tag("long", v.toString());
        }
        if (c == Short.class || c == Byte.class) {
            return tag(c == Short.class ? "short" : "byte", ((Number) v).intValue());
        }
        if (c == Character.class) {
            return tag("char", (int) (Character) v);
        }
        if (c == Float.class) {
            return tag("float32", v.toString());
        }
        if (c == BigInteger.class) {
            return tag("int", v.toString());
        }
        if (c == BigDecimal.class) {
            return tag("decimal", v.toString());
        }
        return null;
    }

    /**
     * The JDK's unmodifiable collections (List.of, Collections.unmodifiableList,
     * emptyList, singleton...): they cross as unmodifiable copies, so that a
     * change the code would be refused in one process is refused here too.
     */
    static boolean unmodifiable(Class<?> c) {
        String n = c.getName();
        return n.startsWith("java.util.ImmutableCollections$") || n.startsWith("java.util.Collections$Unmodifiable")
                || n.startsWith("java.util.Collections$Empty") || n.startsWith("java.util.Collections$Singleton");
    }

    private Object collection(Object v, int depth) {
        String u = unmodifiable(v.getClass()) ? "u" : "";
        if (v instanceof java.util.SortedSet || v instanceof java.util.SortedMap) {
            return sorted(v, u, depth);
        }
        if (AS_ITSELF.contains(v.getClass().getName())) {
            return itself(v, depth);
        }
        List<Object> items = items(v, depth);
        if (v instanceof Map) {
            return tag(u + "map", items);
        }
        if (v instanceof List) {
            return tag(u + "list", items);
        }
        if (v instanceof Set) {
            return tag(u + "set", items);
        }
        return encodeOther(v, depth);
    }

    /**
     * The JDK's collections that cross as copies of their own class, not as
     * a plain list, set or map: a Stack, a LinkedList, an ArrayDeque, a
     * PriorityQueue (with its comparator and its heap's order), so that a
     * method that declares one ({@code Stack<Integer> toStack()}, {@code
     * void reverse(LinkedList<Integer> l)}, {@code int drain(Queue<Integer>
     * q)} given a LinkedList) gets one, as in one process.
     */
    private static final Set<String> AS_ITSELF = Set.of("java.util.Stack", "java.util.Vector", "java.util.LinkedList",
            "java.util.ArrayDeque", "java.util.PriorityQueue", "java.util.Hashtable");

    /**
     * One of AS_ITSELF: {"coll":[class, comparator, items]}, the items in
     * its iteration order (a PriorityQueue's: its heap's array, which the
     * copy keeps as it is), the comparator a PriorityQueue's (null for the
     * natural order, and for the others), a Hashtable's items [k,v] pairs.
     */
    private Object itself(Object v, int depth) {
        List<Object> items = items(v, depth);
        Object cmp = v instanceof java.util.PriorityQueue ? ((java.util.PriorityQueue<?>) v).comparator() : null;
        List<Object> c = new ArrayList<>();
        c.add(v.getClass().getName());
        c.add(cmp == null ? null : enc(cmp, depth + 1));
        c.add(items);
        return tag("coll", c);
    }

    /**
     * A collection's items as they cross, in its iteration order: a map's
     * as [key, value] pairs.
     */
    private List<Object> items(Object v, int depth) {
        List<Object> items = new ArrayList<>();
        if (v instanceof Map) {
            for (Map.Entry<?, ?> e : ((Map<?, ?>) v).entrySet()) {
                List<Object> kv = new ArrayList<>();
                kv.add(enc(e.getKey(), depth + 1));
                kv.add(enc(e.getValue(), depth + 1));
                items.add(kv);
            }
            return items;
        }
        for (Object e : (Collection<?>) v) {
            items.add(enc(e, depth + 1));
        }
        return items;
    }

    /** A copy of one of AS_ITSELF, as itself wrote it. */
    @SuppressWarnings("unchecked")
    private Object itselfOf(Object x, int depth) {
        List<?> c = jsonList(x);
        if (c.size() != 3) {
            throw new BadValue("a malformed collection of the JDK's");
        }
        String cls = str(c.get(0), null, 100);
        if (!AS_ITSELF.contains(cls) || c.get(1) != null && !cls.equals("java.util.PriorityQueue")) {
            throw new BadValue("a collection of the class " + cls);
        }
        java.util.Comparator<Object> cmp = (java.util.Comparator<Object>) dec(c.get(1), java.util.Comparator.class, depth + 1);
        if (cls.equals("java.util.Hashtable")) {
            Map<Object, Object> m = map(c.get(2), depth);
            if (m.containsKey(null) || m.containsValue(null)) {
                throw new BadValue("a null in a Hashtable, which holds none");
            }
            return new java.util.Hashtable<>(m);
        }
        List<Object> items = list(c.get(2), depth);
        switch (cls) {
            case "java.util.Stack": {
                java.util.Stack<Object> s = new java.util.Stack<>();
                s.addAll(items);
                return s;
            }
            case "java.util.Vector": return new java.util.Vector<>(items);
            case "java.util.LinkedList": return new java.util.LinkedList<>(items);
            default:
                break;
        }
        if (items.contains(null)) {
            throw new BadValue("a null in a " + cls + ", which holds none");
        }
        if (cls.equals("java.util.ArrayDeque")) {
            return new java.util.ArrayDeque<>(items);
        }
        // built from a sorted set: its items taken as the heap's array, in their order, not heaped again
        return new java.util.PriorityQueue<>(new SortedItems(cmp, items));
    }

    /**
     * A sorted set or map of the JDK's (a TreeSet, a TreeMap, a view of
     * one): {"sset":[comparator, [items]]} or {"smap":[comparator,
     * [[k,v]...]]}, its items in its own order and its comparator (null for
     * the natural order) a value as any other (a handle: the student's
     * lambda, the JDK's reverseOrder()), so that the copy is a TreeSet or
     * TreeMap ordered as the original is (first(), headSet(), contains()
     * by the comparator, as in one process).
     */
    private Object sorted(Object v, String u, int depth) {
        List<Object> items = new ArrayList<>();
        Object cmp;
        if (v instanceof java.util.SortedMap) {
            cmp = ((java.util.SortedMap<?, ?>) v).comparator();
            for (Map.Entry<?, ?> e : ((Map<?, ?>) v).entrySet()) {
                List<Object> kv = new ArrayList<>();
                kv.add(enc(e.getKey(), depth + 1));
                kv.add(enc(e.getValue(), depth + 1));
                items.add(kv);
            }
        } else {
            cmp = ((java.util.SortedSet<?>) v).comparator();
            for (Object e : (Collection<?>) v) {
                items.add(enc(e, depth + 1));
            }
        }
        List<Object> s = new ArrayList<>();
        s.add(cmp == null ? null : enc(cmp, depth + 1));
        s.add(items);
        return tag(u + (v instanceof java.util.SortedMap ? "smap" : "sset"), s);
    }

    /** Decodes one value, which must be assignable to want. */
    public final Object decode(Object j, Class<?> want) {
        parts = 0;
        return dec(j, want, 0);
    }

    final Object dec(Object j, Class<?> want, int depth) {
        if (++parts > MAX_PARTS || depth > MAX_DEPTH) {
            throw new BadValue("a value too large or too deeply nested");
        }
        Object v = j instanceof Map ? tagged((Map<?, ?>) j, want, depth) : j;
        if (j instanceof List || j instanceof Double && ((Double) j).isInfinite()) {
            throw new BadValue("a bare JSON array or number out of range");
        }
        if (v != null && !box(want).isInstance(v) && (v instanceof Collection || v instanceof Map) && v.getClass().getClassLoader() == null
                && (Collection.class.isAssignableFrom(want) || Map.class.isAssignableFrom(want))) {
            // one of the JDK's collections copied as the plain list, set or map it is carried as
            throw new Uncarried("a " + v.getClass().getName() + " where " + want.getName() + " is declared: the bridge carries"
                    + " this collection of the JDK's as a copy of another class (declare the interface, List, Set, Map, Queue or Deque)");
        }
        if (v == null ? want.isPrimitive() : !box(want).isInstance(v)) {
            throw new BadValue("a " + (v == null ? "null" : v.getClass().getName()) + " where " + want.getName() + " is declared");
        }
        return v;
    }

    protected static Class<?> box(Class<?> c) {
        if (!c.isPrimitive()) {
            return c;
        }
        return Array.get(Array.newInstance(c, 1), 0).getClass();
    }

    private Object tagged(Map<?, ?> m, Class<?> want, int depth) {
        if (m.containsKey("handle")) {
            return decodeHandle(m, want);
        }
        if (m.containsKey("enum") && m.size() == 2) {
            return decodeEnum(str(m.get("enum"), null, 1000), str(m.get("name"), null, 1000));
        }
        if (m.size() != 1) {
            throw new BadValue("an object with " + m.size() + " keys");
        }
        String k = (String) m.keySet().iterator().next();
        Object x = m.get(k);
        switch (k) {
            case "long": return longOf(x);
            case "short": return (short) intIn(x, Short.MIN_VALUE, Short.MAX_VALUE);
            case "byte": return (byte) intIn(x, Byte.MIN_VALUE, Byte.MAX_VALUE);
            case "char": return (char) intIn(x, 0, 0xffff);
            case "float32": return Float.valueOf(str(x, REAL, 900));
            case "float": return Double.valueOf(str(x, REAL, 900));
            case "int": return new BigInteger(str(x, INT, 20000));
            case "decimal": return new BigDecimal(str(x, DECIMAL, 40020));
            case "array": return array(x, want, depth);
            case "list": return list(x, depth);
            case "set": return new LinkedHashSet<>(list(x, depth));
            case "map": return map(x, depth);
            case "optional": return optional(x, depth);
            case "class": return classNamed(str(x, null, 1000));
            case "ulist": return java.util.Collections.unmodifiableList(list(x, depth));
            case "uset": return java.util.Collections.unmodifiableSet(new LinkedHashSet<>(list(x, depth)));
            case "umap": return java.util.Collections.unmodifiableMap(map(x, depth));
            case "sset": return sortedSet(x, depth);
            case "smap": return sortedMap(x, depth);
            case "coll": return itselfOf(x, depth);
            case "usset": return java.util.Collections.unmodifiableNavigableSet(sortedSet(x, depth));
            case "usmap": return java.util.Collections.unmodifiableNavigableMap(sortedMap(x, depth));
            case "optionalInt": {
                Optional<Object> o = optional(x, depth);
                return o.isEmpty() ? java.util.OptionalInt.empty() : java.util.OptionalInt.of(intIn(o.get(), Integer.MIN_VALUE, Integer.MAX_VALUE));
            }
            case "optionalLong": {
                Optional<Object> o = optional(x, depth);
                if (o.isPresent() && !(o.get() instanceof Long)) {
                    throw new BadValue("a malformed OptionalLong");
                }
                return o.isEmpty() ? java.util.OptionalLong.empty() : java.util.OptionalLong.of((Long) o.get());
            }
            case "optionalDouble": {
                Optional<Object> o = optional(x, depth);
                if (o.isPresent() && !(o.get() instanceof Double)) {
                    throw new BadValue("a malformed OptionalDouble");
                }
                return o.isEmpty() ? java.util.OptionalDouble.empty() : java.util.OptionalDouble.of((Double) o.get());
            }
            case "jdk": return textValue(x);
            case "builder": return builder(x);
            default: throw new BadValue("an unknown value tag " + k);
        }
    }

    /** A long as it crosses: its digits, within the type's range (never a NumberFormatException a test could expect). */
    private static Long longOf(Object x) {
        try {
            return Long.valueOf(str(x, INT, 20));
        } catch (NumberFormatException e) {
            throw new BadValue("a long out of range");
        }
    }

    /** The JDK's immutable values that cross as their text, and how each is read back. */
    private static final Map<Class<?>, java.util.function.Function<String, Object>> TEXT_VALUES = Map.ofEntries(
            Map.entry(java.time.LocalDate.class, java.time.LocalDate::parse),
            Map.entry(java.time.LocalTime.class, java.time.LocalTime::parse),
            Map.entry(java.time.LocalDateTime.class, java.time.LocalDateTime::parse),
            Map.entry(java.time.Instant.class, java.time.Instant::parse),
            Map.entry(java.time.Duration.class, java.time.Duration::parse),
            Map.entry(java.time.Period.class, java.time.Period::parse),
            Map.entry(java.time.Year.class, java.time.Year::parse),
            Map.entry(java.time.YearMonth.class, java.time.YearMonth::parse),
            Map.entry(java.time.MonthDay.class, java.time.MonthDay::parse),
            Map.entry(java.time.OffsetDateTime.class, java.time.OffsetDateTime::parse),
            Map.entry(java.time.ZonedDateTime.class, java.time.ZonedDateTime::parse),
            Map.entry(java.util.UUID.class, java.util.UUID::fromString));

    private static Object textValue(Object x) {
        List<?> tv = jsonList(x);
        if (tv.size() != 2) {
            throw new BadValue("a malformed value of the JDK's");
        }
        String cls = str(tv.get(0), null, 100), text = str(tv.get(1), null, 200);
        for (Map.Entry<Class<?>, java.util.function.Function<String, Object>> e : TEXT_VALUES.entrySet()) {
            if (e.getKey().getName().equals(cls)) {
                try {
                    return e.getValue().apply(text);
                } catch (RuntimeException bad) {
                    throw new BadValue("a malformed " + cls);
                }
            }
        }
        throw new BadValue("a value of the JDK's that does not cross: " + cls);
    }

    /** The most characters a StringBuilder or StringBuffer crosses with (a frame holds fewer). */
    private static final int MAX_BUILDER = 1 << 24;

    /** A StringBuilder or StringBuffer: {"builder":[class, text]}. */
    private static Object builder(Object x) {
        List<?> b = jsonList(x);
        if (b.size() != 2) {
            throw new BadValue("a malformed text builder");
        }
        String cls = str(b.get(0), null, 100), text = str(b.get(1), null, MAX_BUILDER);
        if (cls.equals("java.lang.StringBuilder")) {
            return new StringBuilder(text);
        }
        if (cls.equals("java.lang.StringBuffer")) {
            return new StringBuffer(text);
        }
        throw new BadValue("a text builder of the class " + cls);
    }

    /** Whether o and f are text builders of the same class, whose text copyInto copies. */
    private static boolean builders(Object o, Object f) {
        return o != null && f != null && o.getClass() == f.getClass() && (o instanceof StringBuilder || o instanceof StringBuffer);
    }

    /** A constant of one of the JDK's public enums. */
    protected static Object jdkEnum(String cls, String name) {
        try {
            Class<?> k = Class.forName(str(cls, JDK_NAME, 1000), false, ClassLoader.getPlatformClassLoader());
            if (k.isEnum() && java.lang.reflect.Modifier.isPublic(k.getModifiers())) {
                for (Object c : k.getEnumConstants()) {
                    if (((Enum<?>) c).name().equals(name)) {
                        return c;
                    }
                }
            }
        } catch (ClassNotFoundException | LinkageError e) {
            // below
        }
        throw new BadValue("no enum constant " + cls + "." + name + " of the JDK's");
    }

    private static final Pattern JDK_NAME = Pattern.compile("java\\.[A-Za-z0-9_.$]+");

    protected static String str(Object x, Pattern p, int max) {
        if (!(x instanceof String) || ((String) x).length() > max || p != null && !p.matcher((String) x).matches()) {
            throw new BadValue("a malformed value");
        }
        return (String) x;
    }

    private static int intIn(Object x, int lo, int hi) {
        if (!(x instanceof Integer) || (Integer) x < lo || (Integer) x > hi) {
            throw new BadValue("a number out of its type's range");
        }
        return (Integer) x;
    }

    protected static List<?> jsonList(Object x) {
        if (!(x instanceof List)) {
            throw new BadValue("a list expected");
        }
        return (List<?>) x;
    }

    private List<Object> list(Object x, int depth) {
        List<Object> out = new ArrayList<>();
        for (Object e : jsonList(x)) {
            out.add(dec(e, Object.class, depth + 1));
        }
        return out;
    }

    private Optional<Object> optional(Object x, int depth) {
        List<Object> items = list(x, depth);
        if (items.size() > 1 || items.size() == 1 && items.get(0) == null) {
            throw new BadValue("a malformed Optional");
        }
        return items.isEmpty() ? Optional.empty() : Optional.of(items.get(0));
    }

    private Map<Object, Object> map(Object x, int depth) {
        Map<Object, Object> out = new LinkedHashMap<>();
        for (Object e : jsonList(x)) {
            List<?> kv = jsonList(e);
            if (kv.size() != 2) {
                throw new BadValue("a map entry that is not a pair");
            }
            out.put(dec(kv.get(0), Object.class, depth + 1), dec(kv.get(1), Object.class, depth + 1));
        }
        return out;
    }

    /** The comparator of a sorted set or map as it crossed: [comparator, items]. */
    @SuppressWarnings("unchecked")
    private java.util.Comparator<Object> comparatorOf(List<?> s, int depth) {
        if (s.size() != 2) {
            throw new BadValue("a malformed sorted collection");
        }
        return (java.util.Comparator<Object>) dec(s.get(0), java.util.Comparator.class, depth + 1);
    }

    /**
     * A TreeSet of the items in the order they crossed, with their
     * comparator: built from them as sorted (TreeSet's constructor from a
     * SortedSet), so no comparison is made, and it holds exactly the items
     * the other side's held.
     */
    private java.util.TreeSet<Object> sortedSet(Object x, int depth) {
        List<?> s = jsonList(x);
        java.util.Comparator<Object> cmp = comparatorOf(s, depth);
        return new java.util.TreeSet<>(new SortedItems(cmp, list(s.get(1), depth)));
    }

    /** A TreeMap of the entries in the order they crossed, with their comparator (as sortedSet). */
    private java.util.TreeMap<Object, Object> sortedMap(Object x, int depth) {
        List<?> s = jsonList(x);
        java.util.Comparator<Object> cmp = comparatorOf(s, depth);
        List<Map.Entry<Object, Object>> entries = new ArrayList<>();
        for (Object e : jsonList(s.get(1))) {
            List<?> kv = jsonList(e);
            if (kv.size() != 2) {
                throw new BadValue("a map entry that is not a pair");
            }
            entries.add(new java.util.AbstractMap.SimpleImmutableEntry<>(dec(kv.get(0), Object.class, depth + 1), dec(kv.get(1), Object.class, depth + 1)));
        }
        return new java.util.TreeMap<>(new SortedEntries(cmp, entries));
    }

    /**
     * Items already in a comparator's order, as the sorted set a TreeSet is
     * built from: only what that constructor reads (comparator, size,
     * iterator) is theirs.
     */
    private static final class SortedItems extends java.util.AbstractSet<Object> implements java.util.SortedSet<Object> {
        private final java.util.Comparator<Object> cmp;
        private final List<Object> items;

        SortedItems(java.util.Comparator<Object> cmp, List<Object> items) {
            this.cmp = cmp;
            this.items = items;
        }

        @Override public java.util.Comparator<Object> comparator() { return cmp; }
        @Override public java.util.Iterator<Object> iterator() { return items.iterator(); }
        @Override public int size() { return items.size(); }
        @Override public java.util.SortedSet<Object> subSet(Object a, Object b) { throw new UnsupportedOperationException(); }
        @Override public java.util.SortedSet<Object> headSet(Object a) { throw new UnsupportedOperationException(); }
        @Override public java.util.SortedSet<Object> tailSet(Object a) { throw new UnsupportedOperationException(); }
        @Override public Object first() { throw new UnsupportedOperationException(); }
        @Override public Object last() { throw new UnsupportedOperationException(); }
    }

    /** Entries already in a comparator's order, as the sorted map a TreeMap is built from (as SortedItems). */
    private static final class SortedEntries extends java.util.AbstractMap<Object, Object> implements java.util.SortedMap<Object, Object> {
        private final java.util.Comparator<Object> cmp;
        private final List<Map.Entry<Object, Object>> entries;

        SortedEntries(java.util.Comparator<Object> cmp, List<Map.Entry<Object, Object>> entries) {
            this.cmp = cmp;
            this.entries = entries;
        }

        @Override public java.util.Comparator<Object> comparator() { return cmp; }
        @Override public int size() { return entries.size(); }
        @Override public Set<Map.Entry<Object, Object>> entrySet() {
            return new java.util.AbstractSet<Map.Entry<Object, Object>>() {
                @Override public java.util.Iterator<Map.Entry<Object, Object>> iterator() { return entries.iterator(); }
                @Override public int size() { return entries.size(); }
            };
        }
        @Override public java.util.SortedMap<Object, Object> subMap(Object a, Object b) { throw new UnsupportedOperationException(); }
        @Override public java.util.SortedMap<Object, Object> headMap(Object a) { throw new UnsupportedOperationException(); }
        @Override public java.util.SortedMap<Object, Object> tailMap(Object a) { throw new UnsupportedOperationException(); }
        @Override public Object firstKey() { throw new UnsupportedOperationException(); }
        @Override public Object lastKey() { throw new UnsupportedOperationException(); }
    }

    private static final Map<String, Class<?>> PRIMS = Map.of("int", int.class, "long", long.class,
            "short", short.class, "byte", byte.class, "char", char.class, "float", float.class,
            "double", double.class, "boolean", boolean.class);

    private Object array(Object x, Class<?> want, int depth) {
        if (!(x instanceof Map) || ((Map<?, ?>) x).size() != 2) {
            throw new BadValue("a malformed array");
        }
        Map<?, ?> a = (Map<?, ?>) x;
        Class<?> comp = component(str(a.get("type"), null, 1000));
        List<?> items = jsonList(a.get("items"));
        Object arr = Array.newInstance(comp, items.size());
        for (int i = 0; i < items.size(); i++) {
            Array.set(arr, i, dec(items.get(i), comp, depth + 1));
        }
        return arr;
    }

    private Class<?> component(String name) {
        Class<?> p = PRIMS.get(name);
        if (p != null) {
            return p;
        }
        int dims = 0;
        while (dims < name.length() && name.charAt(dims) == '[') {
            dims++;
        }
        if (dims == 0) {
            return elementClass(name);
        }
        if (dims > 32) {
            throw new BadValue("an array of too many dimensions");
        }
        Class<?> base;
        String rest = name.substring(dims);
        if (rest.length() == 1) {
            base = primitiveOf(rest.charAt(0));
        } else if (rest.startsWith("L") && rest.endsWith(";")) {
            base = elementClass(rest.substring(1, rest.length() - 1));
        } else {
            throw new BadValue("a malformed array type");
        }
        return Array.newInstance(base, new int[dims]).getClass();
    }

    private static Class<?> primitiveOf(char c) {
        switch (c) {
            case 'I': return int.class;
            case 'J': return long.class;
            case 'S': return short.class;
            case 'B': return byte.class;
            case 'C': return char.class;
            case 'F': return float.class;
            case 'D': return double.class;
            case 'Z': return boolean.class;
            default: throw new BadValue("a malformed array type");
        }
    }

    /** Copies a fresh array's or collection's contents into the one that was passed. */
    @SuppressWarnings({"unchecked", "rawtypes"})
    protected static void copyInto(Object orig, Object fresh) {
        if (orig == null || fresh == null) {
            return;
        }
        if (builders(orig, fresh)) {
            // the same object the caller holds, with the callee's text
            if (orig instanceof StringBuilder) {
                ((StringBuilder) orig).setLength(0);
                ((StringBuilder) orig).append((CharSequence) fresh);
            } else {
                ((StringBuffer) orig).setLength(0);
                ((StringBuffer) orig).append((CharSequence) fresh);
            }
            return;
        }
        if (orig.getClass().isArray() && orig.getClass() == fresh.getClass()) {
            int n = Array.getLength(orig);
            if (n != Array.getLength(fresh)) {
                return;
            }
            for (int i = 0; i < n; i++) {
                Object o = Array.get(orig, i), f = Array.get(fresh, i);
                if (o != null && f != null && o.getClass().isArray() && o.getClass() == f.getClass() && Array.getLength(o) == Array.getLength(f)
                        || builders(o, f)) {
                    copyInto(o, f);
                } else {
                    Array.set(orig, i, f);
                }
            }
            return;
        }
        try {
            if (orig instanceof List && fresh instanceof List && ((List) orig).size() == ((List) fresh).size()) {
                // element by element: a fixed-size list (Arrays.asList) takes it too
                List o = (List) orig, f = (List) fresh;
                for (int i = 0; i < o.size(); i++) {
                    if (builders(o.get(i), f.get(i))) {
                        copyInto(o.get(i), f.get(i));
                    } else if (o.get(i) != f.get(i)) { // never equals: a stand-in's would be a call
                        o.set(i, f.get(i));
                    }
                }
            } else if (orig instanceof Collection && fresh instanceof Collection) {
                ((Collection) orig).clear();
                ((Collection) orig).addAll((Collection) fresh);
            } else if (orig instanceof Map && fresh instanceof Map) {
                ((Map) orig).clear();
                ((Map) orig).putAll((Map) fresh);
            }
        } catch (UnsupportedOperationException e) {
            // an immutable collection the student could not have changed either
        }
    }
}
