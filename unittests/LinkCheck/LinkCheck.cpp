//===- LinkCheck.cpp - a library links with what it declares -------------===//
//
// Linked with one kfix library whole (every object of it) and nothing else but
// the libraries that library declares (kfix_add_library's LINK, transitively):
// a call into a library it does not declare is an undefined symbol, and the
// build fails (unittests/LinkCheck/CMakeLists.txt).
//
//===----------------------------------------------------------------------===//
int main() { return 0; }
