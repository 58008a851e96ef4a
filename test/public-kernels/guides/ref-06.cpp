// class torch::CoherencyEnforcer
enum Policy {
    // Enforce a resource is acquired in a way that guarantees coherence
    // Causes an error if it encounters potentially incoherent access
    COHERENT,

    // Allows potentially incoherent access, but will print a warning
    INCOHERENT_VERBOSE,

    // Allows potentially incoherent access, no error or warnings
    INCOHERENT_QUIET
};
