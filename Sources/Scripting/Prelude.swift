/// Lua code run once in every environment, after the bindings are installed.
enum Prelude {
    static let source = """
    D = af.D
    """
}
