package autograder.bridge;

/** Marks a stand-in of a student's enum: its constants cross by name. */
public interface RemoteEnum {
}
