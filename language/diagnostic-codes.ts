// The diagnostic codes of the front-end and of the compiler's legality rules (compiler/check.ts), each
// declared once: its severity, the stage that reports it and the shapes of its primary message (`…`
// stands for the parts that vary: names, types, numbers), and whether notes (related locations) may
// follow. The preprocessor, the parser and the semantic analysis take their `code` argument as a
// `DiagnosticCode`, and a `Diagnostic`'s code is a `DiagnosticCode` or a check's `CheckCode`, so an
// unregistered code does not compile. The codes are what the LSP server sends as `code` and must stay
// stable (test/language/diagnostic-codes.test.ts pins the list and checks the table in
// language/README.md and the messages the fixtures produce). The domain checks' codes (`Q7-Annn`) are
// registered with their pages by the checks themselves (language/checks/: CHECKS).

export interface DiagnosticSpec {
  /** The severities it is reported with (`unsupported` is a warning for a statement, an error elsewhere). */
  readonly severities: readonly ('error' | 'warning')[];
  /** Which stages report it. */
  readonly stages: readonly ('preprocessor' | 'parser' | 'semantic analysis' | 'front-end' | 'domain checks' | 'compiler')[];
  /** The primary message's shapes; `…` is a varying part. */
  readonly messages: readonly string[];
  /** Notes of its own (related locations with their message) may follow. Besides these, any problem the
   * semantic analysis finds inside an SDK header or a template instance is reported at the user's code
   * with a first note at the place itself: `in instantiation of …` or `here`. */
  readonly notes?: true;
}

export const DIAGNOSTIC_CODES = {
  'address-of-bit-field': { severities: ['error'], stages: ['semantic analysis'], messages: ['address of bit-field requested'] },
  'address-of-rvalue': { severities: ['error'], stages: ['semantic analysis'], messages: ['cannot take the address of an rvalue of type …'] },
  'ambiguous-call': { severities: ['error'], stages: ['semantic analysis'], messages: ['call to … is ambiguous'] },
  'ambiguous-overload': { severities: ['error'], stages: ['semantic analysis'], messages: ['address of overloaded function \'…\' is ambiguous'] },
  'assign-to-const': { severities: ['error'], stages: ['semantic analysis'], messages: ['cannot assign to… with const-qualified type …'] },
  'auto-before-definition': { severities: ['error'], stages: ['semantic analysis'], messages: ['function \'…\' with deduced return type cannot be used before it is defined'] },
  'bad-alignment': { severities: ['error'], stages: ['semantic analysis'], messages: ['requested alignment is not a power of 2 (is …)'] },
  'bad-array-size': { severities: ['error'], stages: ['semantic analysis'], messages: ['array size must be positive (is …)'] },
  'bad-auto': { severities: ['error'], stages: ['semantic analysis'], messages: ['\'auto\' not allowed in a non-static class member', 'cannot deduce return type … from \'void\'', 'declaration with \'auto\' requires an initializer', 'cannot deduce \'auto\' from a brace-enclosed list here', 'cannot deduce … from …'] },
  'bad-base': { severities: ['error'], stages: ['semantic analysis'], messages: ['base specifier must name a class (it names …)'] },
  'bad-binding': { severities: ['error'], stages: ['semantic analysis'], messages: ['type … decomposes into … element…, but …… name… provided', 'cannot decompose array type … of unknown bound', 'cannot decompose … …', 'cannot decompose union type …', 'cannot decompose … member \'…\' of …', 'cannot decompose class type …: both it and its base class \'…\' have non-static data members', 'decomposition declaration cannot be declared \'constexpr\'', 'decomposition declaration cannot be declared with a storage class (C++17)', 'decomposition declaration \'…\' requires an initializer', 'decomposition declaration cannot be declared with type …; declared type must be \'auto\' or reference to \'auto\''] },
  'bad-bit-field': { severities: ['error'], stages: ['semantic analysis'], messages: ['bit-field has non-integral type', 'bit-field has negative width', 'named bit-field has zero width', 'width of bit-field (… bits) exceeds the width of its type (… bits)'] },
  'bad-capture': { severities: ['error'], stages: ['semantic analysis'], messages: ['use of undeclared identifier \'…\' in a capture', '\'…\' cannot be captured because it does not have automatic storage duration', 'invalid use of \'this\' outside of a non-static member function', 'non-const lvalue reference to type … cannot bind to a temporary', '\'…\' in a capture is not a function parameter pack'] },
  'bad-cast': { severities: ['error'], stages: ['semantic analysis'], messages: ['cannot cast from … to …'] },
  'bad-condition': { severities: ['error'], stages: ['semantic analysis'], messages: ['value of type … is not contextually convertible to \'bool\'', 'statement requires expression of integer type (… invalid)'] },
  'bad-define': { severities: ['error'], stages: ['preprocessor'], messages: ['invalid macro name in -D \'…\''] },
  'bad-delegation': { severities: ['error'], stages: ['semantic analysis'], messages: ['an initializer for a delegating constructor must appear alone'] },
  'bad-deref': { severities: ['error'], stages: ['semantic analysis'], messages: ['indirection requires pointer operand (… invalid)', 'indirection of … (a void pointer) is not allowed'] },
  'bad-directive': { severities: ['error'], stages: ['preprocessor'], messages: ['macro name must be an identifier', 'invalid preprocessing directive \'#…\'', 'invalid token \'…\' in macro parameter list', 'missing \')\' in macro parameter list'] },
  'bad-function-use': { severities: ['error'], stages: ['semantic analysis'], messages: ['address of overloaded function \'…\' does not match required type …', 'reference to non-static member function \'…\' must be called', 'reference to overloaded function \'…\' must be called or resolved'] },
  'bad-if-expression': { severities: ['error'], stages: ['preprocessor'], messages: ['… (what is wrong with the #if expression, e.g. \'division by zero in #if\')'] },
  'bad-include': { severities: ['error'], stages: ['preprocessor'], messages: ['expected "FILENAME" or <FILENAME>'] },
  'bad-init': { severities: ['error'], stages: ['semantic analysis'], messages: ['excess elements in scalar initialiser of type …', 'a temporary array of unknown bound … is not supported', 'a reference must be initialised by exactly one expression', 'initializer-string for char array is too long (… for …)', 'excess elements in array initializer (… for …)'] },
  'bad-member-access': { severities: ['error'], stages: ['semantic analysis'], messages: ['member reference type … is not a pointer…', 'member reference type … is a pointer; did you mean to use \'->\'?', 'member reference base type … is not a class'] },
  'bad-offsetof': { severities: ['error'], stages: ['semantic analysis'], messages: ['offsetof requires a class type, not …', 'cannot compute offset of bit-field \'…\''] },
  'bad-operands': { severities: ['error'], stages: ['semantic analysis'], messages: ['conditional expression is ambiguous; … can be converted to … and vice versa', 'incompatible operand types (… and …)', 'invalid operands to binary expression (… and …)', 'invalid argument type … to unary expression \'…\''] },
  'bad-pack': { severities: ['error'], stages: ['semantic analysis'], messages: ['parameter pack \'…\' must be expanded with \'...\'', 'type of a function parameter pack does not contain a template parameter pack', 'pack expansion contains parameter packs that have different lengths (… vs. …)', 'pattern of a pack expansion contains no parameter pack', '\'…\' does not refer to the name of a parameter pack', 'unary fold expression over \'…\' has an empty expansion'] },
  'bad-range': { severities: ['error'], stages: ['semantic analysis'], messages: ['a temporary array of unknown bound … cannot be a range', 'invalid range expression of type …', 'invalid range expression of type …; no viable \'…\' function available', 'the iterator of type … that this range\'s begin() returns has no \'operator…\'', 'cannot deduce the element type of an empty braced list'] },
  'bad-reference-binding': { severities: ['error'], stages: ['semantic analysis'], messages: ['non-const reference cannot bind to bit-field \'…\'', 'non-const lvalue reference to type … cannot bind to a temporary of type …'] },
  'bad-return': { severities: ['error'], stages: ['semantic analysis'], messages: ['return type … must match previous return type … when lambda expression has unspecified explicit return type', '\'auto\' in return type deduced as … here but deduced as … in earlier return statement'] },
  'bad-sizeof': { severities: ['error'], stages: ['semantic analysis'], messages: ['invalid application of \'…\' to a bit-field'] },
  'bad-subscript': { severities: ['error'], stages: ['semantic analysis'], messages: ['subscripted value is not an array or pointer (it is …)', 'array subscript is not an integer (it is …)'] },
  'bad-this': { severities: ['error'], stages: ['semantic analysis'], messages: ['invalid use of \'this\' outside of a non-static member function'] },
  'bad-type': { severities: ['error'], stages: ['semantic analysis'], messages: ['\'…\' is not a valid type'] },
  'bypassed-init': { severities: ['error'], stages: ['semantic analysis'], messages: ['cannot jump from this goto statement to its label: the jump bypasses the initialisation of \'…\'', 'cannot jump from switch statement to this … label: the jump bypasses the initialisation of \'…\''] },
  'constexpr-limit': { severities: ['error'], stages: ['semantic analysis'], messages: ['constexpr evaluation exceeded the maximum depth of … calls (in \'…\')', 'constexpr evaluation exceeded the step limit (… steps)'] },
  'deleted-function': { severities: ['error'], stages: ['semantic analysis'], messages: ['use of deleted function \'…\'', 'call to deleted … …'], notes: true },
  'division-by-zero': { severities: ['warning'], stages: ['semantic analysis'], messages: ['division by zero is undefined'] },
  'extra-tokens': { severities: ['warning'], stages: ['preprocessor'], messages: ['extra tokens at end of #include directive'] },
  'file-not-found': { severities: ['error'], stages: ['preprocessor'], messages: ['cannot read \'…\''] },
  'include-depth': { severities: ['error'], stages: ['preprocessor'], messages: ['#include nested too deeply (… levels)'] },
  'include-not-found': { severities: ['error'], stages: ['preprocessor'], messages: ['\'…\' file not found'] },
  'incomplete-type': { severities: ['error'], stages: ['semantic analysis'], messages: ['incomplete type \'…\' cannot be constructed', 'member access into incomplete type \'…\'', 'invalid application of \'…\' to an incomplete type …', 'base class has incomplete type …', 'field has incomplete type …'] },
  'instantiation-depth': { severities: ['error'], stages: ['semantic analysis'], messages: ['template instantiation depth exceeds … while instantiating …'] },
  // the language server reports a failure of the checks themselves as a warning, keeping the front-end's diagnostics
  'internal': { severities: ['error', 'warning'], stages: ['front-end', 'semantic analysis', 'domain checks'], messages: ['internal front-end error: …', 'internal analyser error: …', 'internal error in the checks: …'] },
  'intrinsic-argument': { severities: ['error'], stages: ['semantic analysis'], messages: ['… takes … argument…, not …', '… takes … as its … argument, not …', '… writes its … argument: it takes an lvalue of type …, not …'] },
  'invalid-member-use': { severities: ['error'], stages: ['semantic analysis'], messages: ['call to non-static member function \'…\' without an object', 'invalid use of member \'…\' outside a member function'] },
  'kernel-image': { severities: ['error'], stages: ['compiler'], messages: ['no \'main\' function and no kernel function: …', 'two kernels are named \'…\' (overloaded kernels cannot share a kernel_info_table name)'] },
  'lex-error': { severities: ['error'], stages: ['preprocessor'], messages: ['… (the lexer\'s problem, e.g. an unterminated literal)'] },
  'macro-error': { severities: ['error'], stages: ['preprocessor'], messages: ['… (the macro expansion\'s problem, e.g. wrong number of arguments)'] },
  'missing-return': { severities: ['warning'], stages: ['semantic analysis'], messages: ['non-void function \'…\' does not return a value…'] },
  'missing-return-value': { severities: ['error'], stages: ['semantic analysis'], messages: ['non-void function \'…\' should return a value'] },
  'narrowing': { severities: ['error'], stages: ['semantic analysis'], messages: ['non-constant-expression cannot be narrowed from type … to … in initializer list'] },
  'no-heap': { severities: ['error'], stages: ['semantic analysis'], messages: ['… is not supported on the device: it has no heap (…)'] },
  'no-matching-function': { severities: ['error'], stages: ['semantic analysis'], messages: ['call with … arguments to a function taking …', 'no matching …', 'no matching ……'], notes: true },
  'no-member': { severities: ['error'], stages: ['semantic analysis'], messages: ['no member named \'…\' in …'] },
  'no-such-member': { severities: ['error'], stages: ['semantic analysis'], messages: ['out-of-line definition of \'…\' does not match any declaration in \'…\'', 'out-of-line definition of \'…\' does not match any declaration in namespace \'…\''] },
  'no-viable-operator': { severities: ['error'], stages: ['semantic analysis'], messages: ['type … does not provide a subscript operator', 'no viable overloaded \'…\' for operands of type … and …'] },
  'not-a-namespace': { severities: ['error'], stages: ['semantic analysis'], messages: ['\'…\' is not a namespace'] },
  'not-a-scope': { severities: ['error'], stages: ['semantic analysis'], messages: ['\'…\' is not a namespace, class or enum'] },
  'not-a-type': { severities: ['error'], stages: ['semantic analysis'], messages: ['\'…\' does not name a type'] },
  'not-a-value': { severities: ['error'], stages: ['semantic analysis'], messages: ['\'…\' does not name a value', '\'…\' is not a data member or member function'] },
  'not-assignable': { severities: ['error'], stages: ['semantic analysis'], messages: ['expression is not assignable (… needs an lvalue)'] },
  'not-callable': { severities: ['error'], stages: ['semantic analysis'], messages: ['called object type … is not a function or function pointer'] },
  'not-captured': { severities: ['error'], stages: ['semantic analysis'], messages: ['variable \'…\' cannot be implicitly captured in a lambda with no capture-default specified', '\'this\' cannot be implicitly captured in this context'] },
  'not-constant': { severities: ['error'], stages: ['semantic analysis'], messages: ['bit-field width is not a constant expression', 'static_assert expression is not an integral constant expression', 'enumerator value is not a constant expression', 'constexpr variable \'…\' must be initialised by a constant expression', 'array size is not a constant expression', 'case value is not a constant expression', 'template argument \'…\' is not a constant expression', '\'alignas\' value is not a constant expression'] },
  'not-translatable': { severities: ['error'], stages: ['compiler'], messages: ['…'] }, // a construct the lowering does not translate, or a function declared but defined nowhere
  'pp-error': { severities: ['error'], stages: ['preprocessor'], messages: ['#error …'] },
  'pp-warning': { severities: ['warning'], stages: ['preprocessor'], messages: ['#warning …'] },
  'redefinition': { severities: ['error'], stages: ['semantic analysis'], messages: ['redefinition of \'…\'', 'redefinition of label \'…\''] },
  'return-value-in-void': { severities: ['error'], stages: ['semantic analysis'], messages: ['void function \'…\' should not return a value'] },
  'static-assert': { severities: ['error'], stages: ['semantic analysis'], messages: ['static assertion failed: …'] },
  'stray-directive': { severities: ['error'], stages: ['preprocessor'], messages: ['#… without #if', '#… after #else', '#endif without #if'] },
  'syntax-error': { severities: ['error'], stages: ['parser', 'semantic analysis'], messages: ['expected …', 'expected \')\' before \'…\' (sizeof of a type ends at its \')\')', 'expected an expression inside the brackets', 'expected a declaration', 'expected a function declarator', 'expected a name after \'::\'', 'syntax error', 'syntax error: unexpected \'…\''] },
  'template-args': { severities: ['error'], stages: ['semantic analysis'], messages: ['too many template arguments for … (expected at most …, got …)', 'too few template arguments for … (missing \'…\')', 'template argument for template type parameter \'…\' of … must be a type', 'template argument for non-type template parameter \'…\' of … must be an expression, not a type', 'template argument for … parameter pack \'…\' of … must be …'] },
  'type-as-expression': { severities: ['error'], stages: ['semantic analysis'], messages: ['\'…\' is a type, not a value'] },
  'type-mismatch': { severities: ['error'], stages: ['semantic analysis'], messages: ['… … from incompatible type …'] },
  'undeclared-identifier': { severities: ['error'], stages: ['semantic analysis'], messages: ['use of undeclared identifier \'…\'', 'no namespace named \'…\''] },
  'undeclared-label': { severities: ['error'], stages: ['semantic analysis'], messages: ['use of undeclared label \'…\''] },
  'uninitialised-const': { severities: ['error'], stages: ['semantic analysis'], messages: ['default initialization of an object of const type …'] },
  'uninitialised-reference': { severities: ['error'], stages: ['semantic analysis'], messages: ['declaration of reference variable \'…\' requires an initializer'] },
  'unknown-member': { severities: ['error'], stages: ['semantic analysis'], messages: ['no member named \'…\' in \'…\'', 'no member named \'…\' in … \'…\'', 'member initializer \'…\' does not name a non-static data member or base class'] },
  'unknown-template': { severities: ['error'], stages: ['semantic analysis'], messages: ['no class template named \'…\' to specialise'] },
  'unknown-type': { severities: ['error'], stages: ['semantic analysis'], messages: ['unknown type name \'…\''] },
  'unsupported': { severities: ['error', 'warning'], stages: ['semantic analysis'], messages: ['…s are not supported on the device', 'a namespace\'s variable defined through a qualified name (\'…\') is not supported: define it inside its namespace', 'a block-scope \'extern\' declaration of \'…\' that no namespace-scope declaration before it declares is not supported: declare it at namespace scope first', 'unsupported expression (…)', 'pack expansion in a base-specifier is not supported', 'multiple inheritance is not supported on this target\'s SDK subset (\'…\' already derives from \'…\'; a class may have one base class)', 'virtual inheritance is not supported on this target\'s SDK subset (derive without \'virtual\')', 'unsupported template parameter \'…\'', 'specialising the SDK template \'…\' is not supported', 'nested template declarations are not modelled', 'unsupported name \'…\'', 'an anonymous … at block scope is not supported yet', 'unsupported statement (…)', 'a partial specialisation with a pack expansion in its arguments is not supported', 'unsupported type \'…\'', 'unsupported declarator \'…\'', 'a template parameter pack that is not the last template parameter is not supported', 'a function parameter pack that is not the last parameter is not supported', 'a parameter pack of a generic lambda (\'auto...\') is not supported', 'pack expansion …is not supported (only in call arguments and template argument lists)', 'fold expressions over \'…\' are not supported'] },
  'unterminated-conditional': { severities: ['error'], stages: ['preprocessor'], messages: ['unterminated conditional directive'] },
  'unused-value': { severities: ['warning'], stages: ['semantic analysis'], messages: ['expression result unused', 'equality comparison result unused', 'relational comparison result unused'] },
} as const satisfies Record<string, DiagnosticSpec>;

/** A registered diagnostic code of the front-end or the compiler. */
export type DiagnosticCode = keyof typeof DIAGNOSTIC_CODES;

/** A domain check's code (`Q7-A001`…), registered by its check in language/checks/ (CHECKS). */
export type CheckCode = `Q7-${string}`;

/** The specification of a code. */
export function diagnosticSpec(code: DiagnosticCode): DiagnosticSpec {
  return DIAGNOSTIC_CODES[code];
}
