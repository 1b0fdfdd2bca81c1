import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import java.util.stream.Stream;

public class Inventory {
    private final Map<String, Item> items = new LinkedHashMap<>();

    public void add(Item item) {
        items.merge(item.name(), item, (a, b) -> new Item(a.name(), a.quantity() + b.quantity(), b.price()));
    }

    public Stream<Item> stream() {
        return items.values().stream();
    }

    public List<Item> matching(Predicate<Item> p) {
        return items.values().stream().filter(p).collect(Collectors.toList());
    }

    public List<String> namesSorted(Comparator<Item> order) {
        List<Item> all = new ArrayList<>(items.values());
        all.sort(order);
        List<String> out = new ArrayList<>();
        for (Item i : all) {
            out.add(i.name());
        }
        return out;
    }

    public double value() {
        return items.values().stream().mapToDouble(Item::total).sum();
    }

    public Map<String, Integer> quantities() {
        Map<String, Integer> out = new LinkedHashMap<>();
        items.forEach((k, v) -> out.put(k, v.quantity()));
        return out;
    }

    public Optional<Item> mostValuable() {
        return items.values().stream().max(Comparator.comparingDouble(Item::total));
    }
}
