package autograder.bridge;

import java.io.File;
import java.io.IOException;
import java.net.URI;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Enumeration;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/**
 * Prints the simple names of the top-level classes of the packages given
 * (and java.lang), from the JDK and the class path, one a line, sorted:
 * the names a test that imports those packages on demand resolves there.
 */
public final class Lister {
    private Lister() {
    }

    public static void main(String[] args) throws IOException {
        Set<String> pkgs = new TreeSet<>(Set.of(args));
        pkgs.add("java.lang");
        Set<String> names = new TreeSet<>();
        FileSystem jrt = FileSystems.getFileSystem(URI.create("jrt:/"));
        for (String p : pkgs) {
            Path links = jrt.getPath("/packages", p);
            if (Files.isDirectory(links)) {
                try (Stream<Path> mods = Files.list(links)) {
                    for (Path m : (Iterable<Path>) mods::iterator) {
                        add(names, jrt.getPath("/modules", m.getFileName().toString(), p.replace('.', '/')));
                    }
                }
            }
        }
        for (String e : System.getProperty("java.class.path").split(File.pathSeparator)) {
            File f = new File(e);
            if (f.isDirectory()) {
                for (String p : pkgs) {
                    add(names, f.toPath().resolve(p.replace('.', '/')));
                }
            } else if (f.isFile()) {
                jar(names, f, pkgs);
            }
        }
        names.forEach(System.out::println);
    }

    private static void add(Set<String> names, Path dir) throws IOException {
        if (!Files.isDirectory(dir)) {
            return;
        }
        try (Stream<Path> s = Files.list(dir)) {
            s.forEach(f -> name(names, f.getFileName().toString()));
        }
    }

    private static void jar(Set<String> names, File f, Set<String> pkgs) throws IOException {
        try (ZipFile z = new ZipFile(f)) {
            for (Enumeration<? extends ZipEntry> es = z.entries(); es.hasMoreElements(); ) {
                String n = es.nextElement().getName();
                int slash = n.lastIndexOf('/');
                if (slash > 0 && pkgs.contains(n.substring(0, slash).replace('/', '.'))) {
                    name(names, n.substring(slash + 1));
                }
            }
        }
    }

    private static void name(Set<String> names, String file) {
        if (file.endsWith(".class") && !file.contains("$") && !file.contains("-")) {
            names.add(file.substring(0, file.length() - ".class".length()));
        }
    }
}
