public class Board {
    int cells = "eight";
}
