/* table: being written */
