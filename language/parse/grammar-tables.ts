// Facts about tree-sitter-cpp 0.23.4's node types that let the tree reader skip calls into WebAssembly.
// Derived from the grammar's src/grammar.json and src/node-types.json; a test re-derives them from the
// package, so a grammar upgrade that changes them fails loudly.

/** Named node types that are single tokens: they never have children. */
export const LEAF_TYPES: readonly string[] = [
  'auto', 'character', 'comment', 'escape_sequence', 'false', 'field_identifier', 'identifier', 'literal_suffix',
  'ms_restrict_modifier', 'ms_signed_ptr_modifier', 'ms_unsigned_ptr_modifier', 'namespace_identifier',
  'number_literal', 'preproc_arg', 'preproc_directive', 'primitive_type', 'raw_string_content',
  'raw_string_delimiter', 'statement_identifier', 'string_content', 'system_lib_string', 'this', 'true',
  'type_identifier',
];

/** Leaf types whose text is one word of [A-Za-z0-9_$] (their end can be found by scanning the text). */
export const WORD_LEAF_TYPES: readonly string[] = [
  'auto', 'false', 'field_identifier', 'identifier', 'namespace_identifier', 'primitive_type',
  'statement_identifier', 'this', 'true', 'type_identifier',
];

/** Named node types with at least one field: only their children can carry a field name. */
export const FIELDED_TYPES: readonly string[] = [
  'abstract_array_declarator', 'abstract_function_declarator', 'abstract_pointer_declarator', 'alias_declaration',
  'alignof_expression', 'array_declarator', 'assignment_expression', 'attribute', 'binary_expression',
  'call_expression', 'case_statement', 'cast_expression', 'catch_clause', 'class_specifier', 'co_await_expression',
  'comma_expression', 'compound_literal_expression', 'concept_definition', 'condition_clause',
  'conditional_expression', 'constraint_conjunction', 'constraint_disjunction', 'declaration', 'do_statement',
  'enum_specifier', 'enumerator', 'field_declaration', 'field_expression', 'fold_expression', 'for_range_loop',
  'for_statement', 'function_declarator', 'function_definition', 'gnu_asm_clobber_list', 'gnu_asm_expression',
  'gnu_asm_goto_list', 'gnu_asm_input_operand', 'gnu_asm_input_operand_list', 'gnu_asm_output_operand',
  'gnu_asm_output_operand_list', 'goto_statement', 'if_statement', 'init_declarator', 'initializer_pair',
  'labeled_statement', 'lambda_capture_initializer', 'lambda_expression', 'linkage_specification',
  'namespace_alias_definition', 'namespace_definition', 'new_declarator', 'new_expression', 'offsetof_expression',
  'operator_cast', 'optional_parameter_declaration', 'optional_type_parameter_declaration', 'parameter_declaration',
  'parameter_pack_expansion', 'placeholder_type_specifier', 'pointer_declarator', 'pointer_expression',
  'pointer_type_declarator', 'preproc_call', 'preproc_def', 'preproc_elif', 'preproc_elifdef',
  'preproc_function_def', 'preproc_if', 'preproc_ifdef', 'preproc_include', 'qualified_identifier',
  'raw_string_literal', 'requires_clause', 'requires_expression', 'seh_except_clause', 'seh_finally_clause',
  'seh_try_statement', 'sized_type_specifier', 'sizeof_expression', 'static_assert_declaration', 'struct_specifier',
  'subscript_expression', 'subscript_range_designator', 'switch_statement', 'template_declaration',
  'template_function', 'template_instantiation', 'template_method', 'template_template_parameter_declaration',
  'template_type', 'try_statement', 'type_definition', 'type_descriptor', 'unary_expression', 'union_specifier',
  'update_expression', 'variadic_parameter_declaration', 'while_statement',
];

/** tree-sitter's type id for ERROR nodes. */
export const ERROR_TYPE_ID = 65535;
