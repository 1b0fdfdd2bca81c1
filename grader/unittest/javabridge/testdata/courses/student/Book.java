import java.util.List;

/** A book of the catalogue. */
public record Book(String isbn, String title, List<String> authors, int year, double price) {
    public Book {
        if (isbn.isBlank()) {
            throw new IllegalArgumentException("no isbn");
        }
        authors = List.copyOf(authors);
    }

    public boolean by(String author) {
        return authors.contains(author);
    }
}
