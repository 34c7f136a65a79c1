DELETE FROM receipts WHERE room_id = $1
