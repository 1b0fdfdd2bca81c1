public record Item(String name, int quantity, double price) {
    public Item {
        if (quantity < 0) {
            throw new IllegalArgumentException("negative quantity: " + quantity);
        }
    }

    public double total() {
        return quantity * price;
    }
}
