/** A person with a name and a year of birth. */
public class Person {
    public final String name;
    public final int born;

    public Person(String name, int born) {
        this.name = name;
        this.born = born;
    }

    public int ageIn(int year) {
        return year - born;
    }

    public String greeting() {
        return "Hello, " + name;
    }
}
