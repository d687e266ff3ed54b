"""The rules of VII Legio as pure functions over plain data: no files, no SQL, no printing."""
