import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.Stream;

public class Catalogue implements Iterable<Book> {
    private final List<Book> books = new ArrayList<>();

    public Catalogue add(Book b) {
        books.add(b);
        return this;
    }

    public Optional<Book> byIsbn(String isbn) {
        return books.stream().filter(b -> b.isbn().equals(isbn)).findFirst();
    }

    public Stream<Book> stream() {
        return books.stream();
    }

    public Map<Integer, List<String>> titlesByYear() {
        return books.stream().collect(Collectors.groupingBy(Book::year, TreeMap::new,
                Collectors.mapping(Book::title, Collectors.toList())));
    }

    public OptionalDouble averagePrice(String author) {
        return books.stream().filter(b -> b.by(author)).mapToDouble(Book::price).average();
    }

    public <K extends Comparable<K>> Optional<Book> maxBy(Function<Book, K> key) {
        return books.stream().max(Comparator.comparing(key));
    }

    @Override
    public java.util.Iterator<Book> iterator() {
        return books.iterator();
    }
}
